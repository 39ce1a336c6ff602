import { sql, type Kysely } from 'kysely';
import { bigint, dialectOf, notNull } from './column-types.ts';

/**
 * A member's running wagering total for VIP ranks (both databases; see VipTurnoverTable).
 *
 * PostgreSQL only (decision 035): a seamless bet, win or rollback as one database function, so the movement
 * is one round trip (one statement, its own transaction) instead of BEGIN, five statements and
 * COMMIT. It does what `ledger.post` and the seamless service's `apply` do, in the same order and
 * with the same rules:
 *
 * - an entry already posted under the key answers its stored response (`replay`), or
 *   IDEMPOTENCY_MISMATCH when the request's hash differs;
 * - the member's balance moves by one conditional UPDATE (a bet also needs the member active, judged
 *   in that statement); refused, it tells a replay that committed meanwhile, a closed account and a
 *   short balance apart, writing nothing;
 * - the entry and its two lines (member line first with its balance after, then the house line);
 * - a bet records its row (a tombstone under the id refuses it: BET_ROLLED_BACK); a win needs an
 *   open bet of the member's in the round and settles the round's bets;
 * - a member with a responsible-gambling profile is not judged here: the function undoes itself
 *   (SQLSTATE PH003) and the caller posts the movement through `ledger.post`, whose `apply` judges the
 *   limits under the same lock. So a limit is never decided outside the atomic step that writes.
 *
 * Refusals that must undo what was written raise SQLSTATE PH001 with the error code as the message;
 * a concurrent request that wrote the same key first raises PH002 (the caller answers its entry).
 * A case the function does not handle (a wallet or house account not opened yet) answers `slow`
 * before writing anything, and the caller takes the general path.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // Both databases: a member's running wagering total for VIP ranks (VipTurnoverTable).
  await db.schema
    .createTable('vip_turnover')
    .addColumn('member_id', bigint, (c) => c.primaryKey().references('members.id'))
    .addColumn('operator_id', bigint, (c) => c.notNull().references('operators.id'))
    .addColumn('through_entry', bigint, notNull)
    .addColumn('staked', bigint, notNull)
    .addColumn('updated_at', bigint, notNull)
    .execute();
  if ((await dialectOf(db)) !== 'postgres') return;
  await sql
    .raw(
      `
create function ledger_seamless_move(
  p_action text, p_operator bigint, p_vendor text, p_member bigint, p_currency text, p_key text,
  p_hash text, p_round text, p_game text, p_amount bigint, p_ref text, p_at bigint,
  p_response_tail text,
  out status text, out entry_id bigint, out balance bigint, out response text, out refunded boolean)
language plpgsql as $fn$
declare
  v_source text := 'vendor:' || p_vendor;
  v_member_account bigint;
  v_house_account bigint;
  v_delta bigint := case when p_action = 'bet' then -p_amount else p_amount end;
  v_old record;
  v_bet record;
  v_found boolean;
  v_all_rolled_back boolean;
  v_ref record;
  v_outcome text;
begin
  select e.id, e.request_hash, e.response into v_old from ledger_entries e
    where e.operator_id = p_operator and e.source = v_source and e.idem_key = p_key;
  if found then
    if v_old.request_hash <> p_hash then status := 'IDEMPOTENCY_MISMATCH'; return; end if;
    status := 'replay'; entry_id := v_old.id; response := v_old.response; return;
  end if;
  select a.id into v_member_account from ledger_accounts a
    where a.member_id = p_member and a.currency = p_currency;
  select a.id into v_house_account from ledger_accounts a
    where a.operator_id = p_operator and a.purpose = v_source and a.currency = p_currency;
  if v_member_account is null or v_house_account is null or (p_amount <= 0 and p_action <> 'rollback')
      or (p_action = 'rollback' and (p_ref is null or right(p_response_tail, 19) <> ',"duplicate":false}')) then
    status := 'slow'; return;
  end if;

  if p_action = 'rollback' then
    -- Lock first, then decide: the decision sees every movement of this member committed before it.
    update ledger_accounts a set balance = a.balance where a.id = v_member_account returning a.balance into balance;
    select b.id, b.state, b.member_id, b.amount into v_ref from seamless_bets b
      where b.operator_id = p_operator and b.vendor_code = p_vendor and b.transaction_id = p_ref;
    if not found then
      v_outcome := 'tombstone';
    elsif v_ref.member_id <> p_member then
      raise exception using errcode = 'PH001', message = 'BET_NOT_FOUND';
    elsif v_ref.state = 'settled' then
      raise exception using errcode = 'PH001', message = 'BET_ALREADY_SETTLED';
    elsif v_ref.state = 'placed' then
      -- The stake the bet took comes back, whatever amount the rollback names.
      v_outcome := 'refund';
      update ledger_accounts a set balance = a.balance + v_ref.amount where a.id = v_member_account
        returning a.balance into balance;
    else
      -- Already rolled back, or a second rollback of a bet never seen.
      v_outcome := 'duplicate';
    end if;
    response := '{"balance":"' || (balance / 100)::text || '.' || lpad((balance % 100)::text, 2, '0')
      || '",' || case when v_outcome = 'duplicate'
        then left(p_response_tail, -19) || ',"duplicate":true}' else p_response_tail end;
    insert into ledger_entries as e
      (operator_id, kind, member_id, currency, reference, source, idem_key, request_hash, response, created_at)
      values (p_operator, 'rollback', p_member, p_currency, p_round, v_source, p_key, p_hash, response, p_at)
      on conflict (operator_id, source, idem_key) do nothing
      returning e.id into entry_id;
    if entry_id is null then raise exception using errcode = 'PH002', message = 'REPLAY_RACE'; end if;
    if v_outcome = 'refund' then
      insert into ledger_lines (entry_id, account_id, amount, balance_after)
        values (entry_id, v_member_account, v_ref.amount, balance), (entry_id, v_house_account, -v_ref.amount, null);
      update seamless_bets b set state = 'rolled_back', updated_at = p_at where b.id = v_ref.id and b.state = 'placed';
      if not found then raise exception using errcode = 'PH001', message = 'CONFLICT'; end if;
    elsif v_outcome = 'tombstone' then
      insert into seamless_bets as b (operator_id, vendor_code, transaction_id, round_id, member_id, game_code,
          amount, state, entry_id, created_at, updated_at)
        values (p_operator, p_vendor, p_ref, p_round, p_member, p_game, p_amount, 'tombstone', null, p_at, p_at)
        on conflict (operator_id, vendor_code, transaction_id) do nothing;
      get diagnostics v_found = row_count;
      -- Another member's bet took the id meanwhile: this rollback names a bet it does not own.
      if not v_found then raise exception using errcode = 'PH001', message = 'BET_NOT_FOUND'; end if;
    end if;
    refunded := v_outcome = 'refund';
    status := 'ok';
    return;
  end if;

  if p_action = 'bet' then
    update ledger_accounts a set balance = a.balance + v_delta
      where a.id = v_member_account and a.balance + v_delta >= 0
        and exists (select 1 from members m where m.id = p_member and m.status = 'active')
      returning a.balance into balance;
  else
    update ledger_accounts a set balance = a.balance + v_delta
      where a.id = v_member_account and a.balance + v_delta >= 0
      returning a.balance into balance;
  end if;
  if balance is null then
    -- Refused. A replay of this key may have committed while this waited for the row: answer that.
    select e.id, e.request_hash, e.response into v_old from ledger_entries e
      where e.operator_id = p_operator and e.source = v_source and e.idem_key = p_key;
    if found then
      if v_old.request_hash <> p_hash then status := 'IDEMPOTENCY_MISMATCH'; return; end if;
      status := 'replay'; entry_id := v_old.id; response := v_old.response; return;
    end if;
    if p_action = 'bet' and not exists (select 1 from members m where m.id = p_member and m.status = 'active') then
      status := 'ACCOUNT_UNAVAILABLE'; return;
    end if;
    select a.balance into balance from ledger_accounts a where a.id = v_member_account;
    status := 'INSUFFICIENT_FUNDS'; return;
  end if;

  response := '{"balance":"' || (balance / 100)::text || '.' || lpad((balance % 100)::text, 2, '0')
    || '",' || p_response_tail;
  insert into ledger_entries as e
    (operator_id, kind, member_id, currency, reference, source, idem_key, request_hash, response, created_at)
    values (p_operator, p_action, p_member, p_currency, p_round, v_source, p_key, p_hash, response, p_at)
    on conflict (operator_id, source, idem_key) do nothing
    returning e.id into entry_id;
  if entry_id is null then raise exception using errcode = 'PH002', message = 'REPLAY_RACE'; end if;
  insert into ledger_lines (entry_id, account_id, amount, balance_after)
    values (entry_id, v_member_account, v_delta, balance), (entry_id, v_house_account, -v_delta, null);

  if p_action = 'bet' then
    insert into seamless_bets as b (operator_id, vendor_code, transaction_id, round_id, member_id, game_code,
        amount, state, entry_id, created_at, updated_at)
      values (p_operator, p_vendor, p_key, p_round, p_member, p_game, p_amount, 'placed', entry_id, p_at, p_at)
      on conflict (operator_id, vendor_code, transaction_id) do nothing;
    get diagnostics v_found = row_count;
    -- The id is taken by a tombstone: its rollback came first, so this bet must not stand.
    if not v_found then raise exception using errcode = 'PH001', message = 'BET_ROLLED_BACK'; end if;
    -- Time-out, self-exclusion and limits are judged by the general path, under the same lock.
    if exists (select 1 from rg_profiles r where r.member_id = p_member) then
      raise exception using errcode = 'PH003', message = 'LIMITS';
    end if;
  else
    if p_ref is not null then
      select b.state, b.member_id, b.round_id into v_bet from seamless_bets b
        where b.operator_id = p_operator and b.vendor_code = p_vendor and b.transaction_id = p_ref;
      if not found or v_bet.state = 'tombstone' or v_bet.member_id <> p_member or v_bet.round_id <> p_round then
        raise exception using errcode = 'PH001', message = 'BET_NOT_FOUND';
      end if;
      if v_bet.state = 'rolled_back' then
        raise exception using errcode = 'PH001', message = 'BET_ROLLED_BACK';
      end if;
    else
      select count(*) > 0, coalesce(bool_and(b.state = 'rolled_back'), false) into v_found, v_all_rolled_back
        from seamless_bets b
        where b.operator_id = p_operator and b.vendor_code = p_vendor and b.round_id = p_round
          and b.member_id = p_member and b.state <> 'tombstone';
      if not v_found then raise exception using errcode = 'PH001', message = 'BET_NOT_FOUND'; end if;
      if v_all_rolled_back then raise exception using errcode = 'PH001', message = 'BET_ROLLED_BACK'; end if;
    end if;
    update seamless_bets b set state = 'settled', updated_at = p_at
      where b.operator_id = p_operator and b.vendor_code = p_vendor and b.round_id = p_round
        and b.member_id = p_member and b.state = 'placed';
  end if;
  refunded := false;
  status := 'ok';
end
$fn$`,
    )
    .execute(db);
  await sql.raw(PLAY_ROUND_MOVE).execute(db);
}

/**
 * An in-house round as one database function (decision 035), for a round drawn beforehand from the
 * member's seed pair as last seen: it does what `ledger.post` and the play service's `legs` and
 * `apply` do, in the same order, and takes the pair's nonce only if it is still the one the round
 * was drawn with (else SQLSTATE PH004: the caller plays the round through the general path, which
 * takes the nonce under the lock and draws then). A replay answers its stored response; a short
 * balance, a closed account and a member with a responsible-gambling profile as `ledger_seamless_move`.
 * Jackpot hits and a client seed sent with the round are never sent here.
 */
const PLAY_ROUND_MOVE = `
create function play_round_move(
  p_operator bigint, p_member bigint, p_currency text, p_source text, p_vendor_purpose text, p_key text,
  p_hash text, p_round text, p_at bigint, p_stake bigint, p_win bigint, p_share bigint, p_accrue bigint,
  p_seed_id bigint, p_nonce bigint, p_accrued bigint, p_client_seed text, p_game text, p_request text,
  p_result text, p_options text, p_board_game text, p_pool text, p_shard int, p_response_head text,
  out status text, out entry_id bigint, out balance bigint, out response text)
language plpgsql as $fn$
declare
  v_member_account bigint;
  v_vendor_account bigint;
  v_jackpot_account bigint;
  v_old record;
  v_locked bigint;
  v_house bigint := p_stake - p_share - p_win;
  v_game bigint;
begin
  select e.id, e.request_hash, e.response into v_old from ledger_entries e
    where e.operator_id = p_operator and e.source = p_source and e.idem_key = p_key;
  if found then
    if v_old.request_hash <> p_hash then status := 'IDEMPOTENCY_MISMATCH'; return; end if;
    status := 'replay'; entry_id := v_old.id; response := v_old.response; return;
  end if;
  select a.id into v_member_account from ledger_accounts a
    where a.member_id = p_member and a.currency = p_currency;
  select a.id into v_vendor_account from ledger_accounts a
    where a.operator_id = p_operator and a.purpose = p_vendor_purpose and a.currency = p_currency;
  select a.id into v_jackpot_account from ledger_accounts a
    where a.operator_id = p_operator and a.purpose = 'jackpot' and a.currency = p_currency;
  if v_member_account is null or v_vendor_account is null or v_jackpot_account is null then
    status := 'slow'; return;
  end if;

  -- Lock first, then decide: the stake must be there even when the round's win would cover it.
  update ledger_accounts a set balance = a.balance where a.id = v_member_account returning a.balance into v_locked;
  if v_locked < p_stake then
    -- A retry of this request committed while this one waited for the lock: answer it.
    select e.id, e.request_hash, e.response into v_old from ledger_entries e
      where e.operator_id = p_operator and e.source = p_source and e.idem_key = p_key;
    if found then
      if v_old.request_hash <> p_hash then status := 'IDEMPOTENCY_MISMATCH'; return; end if;
      status := 'replay'; entry_id := v_old.id; response := v_old.response; return;
    end if;
    balance := v_locked; status := 'INSUFFICIENT_FUNDS'; return;
  end if;
  -- The nonce the round was drawn with, and only that one.
  update play_seeds s set nonce = s.nonce + 1, jackpot_accrued = s.jackpot_accrued + p_accrue
    where s.id = p_seed_id and s.member_id = p_member and s.revealed_at is null and s.nonce = p_nonce
      and s.jackpot_accrued = p_accrued and s.client_seed = p_client_seed;
  if not found then raise exception using errcode = 'PH004', message = 'SEED_MOVED'; end if;

  -- The stake and the win in one statement, the stake judged first; a stake needs an active member.
  update ledger_accounts a set balance = a.balance - p_stake + p_win
    where a.id = v_member_account and a.balance - p_stake >= 0
      and exists (select 1 from members m where m.id = p_member and m.status = 'active')
    returning a.balance into balance;
  if balance is null then
    select e.id, e.request_hash, e.response into v_old from ledger_entries e
      where e.operator_id = p_operator and e.source = p_source and e.idem_key = p_key;
    if found then raise exception using errcode = 'PH002', message = 'REPLAY_RACE'; end if;
    raise exception using errcode = 'PH001', message = 'ACCOUNT_UNAVAILABLE';
  end if;

  response := p_response_head || (balance / 100)::text || '.' || lpad((balance % 100)::text, 2, '0') || '"}';
  insert into ledger_entries as e
    (operator_id, kind, member_id, currency, reference, source, idem_key, request_hash, response, created_at)
    values (p_operator, 'bet', p_member, p_currency, p_round, p_source, p_key, p_hash, response, p_at)
    on conflict (operator_id, source, idem_key) do nothing
    returning e.id into entry_id;
  if entry_id is null then raise exception using errcode = 'PH002', message = 'REPLAY_RACE'; end if;
  -- The lines in the order the general path writes them; legs that move nothing have no line.
  insert into ledger_lines (entry_id, account_id, amount, balance_after)
    select entry_id, l.account_id, l.amount, l.balance_after
    from (values (1, v_member_account, -p_stake, v_locked - p_stake),
                 (2, v_vendor_account, v_house, null),
                 (3, v_jackpot_account, p_share, null),
                 (4, v_member_account, p_win, v_locked - p_stake + p_win))
      as l (n, account_id, amount, balance_after)
    where l.amount <> 0
    order by l.n;

  -- Time-out, self-exclusion and limits are judged by the general path, under the same lock.
  if exists (select 1 from rg_profiles r where r.member_id = p_member) then
    raise exception using errcode = 'PH003', message = 'LIMITS';
  end if;
  insert into play_rounds (round_id, operator_id, member_id, game_code, request_id, currency, stake, win,
      jackpot_win, balance_after, result, options, seed_id, client_seed, nonce, shown, entry_id, created_at)
    values (p_round, p_operator, p_member, p_game, p_request, p_currency, p_stake, p_win, 0, balance, p_result,
      p_options, p_seed_id, p_client_seed, p_nonce, 0, entry_id, p_at);
  -- The winner board lists rounds that paid back more than their stake (skipped when the operator's
  -- catalogue lacks the game).
  if p_win > p_stake then
    select g.id into v_game from games g where g.operator_id = p_operator and g.code = p_board_game;
    if v_game is not null then
      insert into settled_wins (operator_id, member_id, game_id, reference, win_amount, settled_at)
        values (p_operator, p_member, v_game, p_round, p_win, p_at)
        on conflict (operator_id, reference) do nothing;
    end if;
  end if;
  -- Last: the pool shard's row lock is then held only until commit.
  if p_share > 0 then
    insert into jackpot_pool_shares as j (operator_id, code, shard, amount)
      values (p_operator, p_pool, p_shard, p_share)
      on conflict (operator_id, code, shard) do update set amount = j.amount + excluded.amount;
  end if;
  status := 'ok';
end
$fn$`;

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('vip_turnover').execute();
  if ((await dialectOf(db)) !== 'postgres') return;
  await sql
    .raw(
      'drop function if exists ledger_seamless_move(text, bigint, text, bigint, text, text, text, text, text, bigint, text, bigint, text)',
    )
    .execute(db);
  await sql
    .raw(
      'drop function if exists play_round_move(bigint, bigint, text, text, text, text, text, text, bigint, bigint, bigint, bigint, bigint, bigint, bigint, bigint, text, text, text, text, text, text, text, int, text)',
    )
    .execute(db);
}

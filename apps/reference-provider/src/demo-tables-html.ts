import { findLanguage, type LanguageCode } from '@playhouse/contract/languages';
import { formatMoney } from '@playhouse/contract/money';
import type { Translator } from '@playhouse/i18n/node-catalogue';
import { backIcon, escape, scriptJson, shell } from './demo-html.ts';
import type { DemoSession } from './demo-pages.ts';
import { DT_PAYS, DT_RTP, FISH, FISH_RTP, MATCHES, OUTCOMES, oddsX100 } from './demo-tables.ts';

/** Which demo screen a game category opens: a live table, a fish shooter, a bet slip, or the slot. */
export type Screen = 'live' | 'fish' | 'sports' | 'slot';
export function screenOf(gameType: string | undefined): Screen {
  switch (gameType) {
    case 'LIVE':
      return 'live';
    case 'FISH':
      return 'fish';
    case 'SPORTS':
    case 'ESPORTS':
      return 'sports';
    default:
      return 'slot';
  }
}

/** Card suits drawn as shapes (no font needed). */
const SUIT_PATHS: Record<string, string> = {
  S: '<path d="M12 2C8 7 3 10 3 14a4 4 0 0 0 7 2.6L9 22h6l-1-5.4A4 4 0 0 0 21 14c0-4-5-7-9-12z"/>',
  H: '<path d="M12 21C6 16 2 12.5 2 8.5A4.5 4.5 0 0 1 12 6a4.5 4.5 0 0 1 10 2.5C22 12.5 18 16 12 21z"/>',
  D: '<path d="M12 2l8 10-8 10-8-10z"/>',
  C: '<circle cx="12" cy="7" r="4.2"/><circle cx="6.8" cy="14" r="4.2"/><circle cx="17.2" cy="14" r="4.2"/><path d="M10.5 13h3l1.5 9h-6z"/>',
};

/** A fish drawn as a shape, facing the way it swims. */
const fishSvg = (colour: string) =>
  `<svg viewBox="0 0 64 40" aria-hidden="true"><path d="M8 20 L0 6 L0 34 Z" fill="${colour}" opacity=".8"/><ellipse cx="34" cy="20" rx="26" ry="15" fill="${colour}"/><circle cx="50" cy="16" r="3.5" fill="#0b0d18"/><path d="M28 8 q6 12 0 24" stroke="rgba(0,0,0,.25)" stroke-width="2" fill="none"/></svg>`;

const TABLE_STYLE = `
.table{position:relative;border-radius:var(--radius);padding:16px;border:1px solid var(--line);box-shadow:0 10px 30px rgba(0,0,0,.35)}
.felt{background:radial-gradient(ellipse at 50% 0%,#1f7a4d,#0f4a2f 70%)}
.cards{display:grid;grid-template-columns:1fr 1fr;gap:16px}
.seat{text-align:center;display:flex;flex-direction:column;gap:8px;align-items:center}
.seat-name{font-weight:900;letter-spacing:.08em}
.card{width:92px;height:128px;border-radius:10px;background:#fff;color:#1b1b1b;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:4px;box-shadow:0 4px 12px rgba(0,0,0,.4);font:900 34px/1 Georgia,serif}
.card.back{background:repeating-linear-gradient(45deg,#7a0f22 0 8px,#a8183a 8px 16px);border:4px solid #fff}
.card svg{width:34px;height:34px}
.card.red{color:#d0103a}
.card.red svg{fill:#d0103a}
.card svg{fill:#1b1b1b}
.seat.won .card{outline:4px solid var(--accent);outline-offset:3px}
.picks{display:grid;grid-template-columns:repeat(3,1fr);gap:8px}
.pick{min-height:64px;border-radius:12px;border:2px solid var(--line);background:var(--surface);color:var(--text);font-weight:800;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:2px}
.pick small{color:var(--muted);font-weight:600}
.pick[aria-pressed=true]{border-color:var(--accent);background:var(--surface-2)}
.sea{height:300px;overflow:hidden;background:linear-gradient(180deg,#0d5c8a,#062a45);padding:0}
.fish{position:absolute;left:0;border:0;background:none;padding:0;width:96px;height:64px;color:#fff;display:flex;flex-direction:column;align-items:center;animation:swim linear infinite}
.fish svg{width:84px;height:52px;pointer-events:none}
.fish span{font-weight:900;font-size:13px;text-shadow:0 1px 2px #000;pointer-events:none}
.fish.hit svg{animation:hit .5s ease}
@keyframes swim{0%{transform:translateX(-100px)}100%{transform:translateX(440px)}}
@keyframes hit{0%{filter:none}50%{filter:brightness(2) drop-shadow(0 0 8px #fff)}100%{filter:none}}
.splash{position:absolute;inset:auto 0 12px;text-align:center;font-weight:900;font-size:22px;text-shadow:0 2px 4px #000;pointer-events:none}
.bubbles{position:absolute;inset:0;background:radial-gradient(circle at 20% 80%,rgba(255,255,255,.12) 0 3px,transparent 4px),radial-gradient(circle at 70% 60%,rgba(255,255,255,.1) 0 2px,transparent 3px);pointer-events:none}
.matches{display:flex;flex-direction:column;gap:10px}
.match{background:var(--surface);border:1px solid var(--line);border-radius:12px;padding:10px 12px;display:flex;flex-direction:column;gap:8px}
.teams{font-weight:700}
.score{color:var(--accent);font-weight:900;margin-inline-start:6px}
.odds{display:grid;grid-template-columns:repeat(3,1fr);gap:6px}
.odd{min-height:48px;border-radius:10px;border:2px solid var(--line);background:var(--surface-2);color:var(--text);font-weight:800;display:flex;flex-direction:column;align-items:center;justify-content:center}
.odd small{color:var(--muted);font-weight:600;font-size:11px}
.odd[aria-pressed=true]{border-color:var(--accent)}
.slip{background:var(--raised);border:1px solid var(--accent);border-radius:12px;padding:10px 12px;display:flex;flex-direction:column;gap:6px}
.slip-row{display:flex;justify-content:space-between;gap:8px}
`;

/**
 * A demo table game page: the same frame as the slot (DEMO badge, way back, balance, stake, real or
 * play money) around a live Dragon Tiger table, a fish shooter or a sports bet slip. Each round is
 * `POST /demo/api/play`, a real seamless bet and win on our server.
 */
export function tablePageHtml(
  t: Translator,
  view: { session: DemoSession; balance: string; stakes: number[]; screen: Exclude<Screen, 'slot'> },
): string {
  const { session, screen } = view;
  const language = (findLanguage(session.language)?.code ?? 'EN') as LanguageCode;
  const tr = (key: string, params?: Record<string, string | number>) => escape(t(language, key, params));
  const currency = session.freeplay ? t(language, 'demoGame.funCurrency') : session.currency;
  const title = t(language, `demoTable.${screen}.title`);

  let game = '';
  let action = '';
  let rtp = '';
  if (screen === 'live') {
    const back = '<div class="card back" data-card></div>';
    game = `<section class="table felt" aria-label="${escape(title)}">
  <div class="cards">
    <div class="seat" data-seat="DRAGON"><span class="seat-name">${tr('demoTable.live.dragon')}</span>${back}</div>
    <div class="seat" data-seat="TIGER"><span class="seat-name">${tr('demoTable.live.tiger')}</span>${back}</div>
  </div>
</section>
<div class="picks" role="group" aria-label="${tr('demoTable.live.pick')}">
  ${(['DRAGON', 'TIE', 'TIGER'] as const)
    .map(
      (p) =>
        `<button type="button" class="pick" data-pick="${p}" aria-pressed="${p === 'DRAGON'}">${tr(`demoTable.live.${p.toLowerCase()}`)}<small>${DT_PAYS[p] / 100}×</small></button>`,
    )
    .join('')}
</div>`;
    action = tr('demoTable.live.deal');
    rtp = `${DT_RTP.DRAGON} / ${DT_RTP.TIE}`;
  } else if (screen === 'fish') {
    game = `<section class="table sea" aria-label="${escape(title)}" data-sea>
  <div class="bubbles"></div>
  ${FISH.map(
    (f, i) =>
      `<button type="button" class="fish" data-pick="${f.id}" style="top:${12 + i * 54}px;animation-duration:${9 + i * 2.5}s;animation-delay:-${i * 1.7}s" aria-label="${tr('demoTable.fish.shoot', { times: f.x100 / 100 })}">${fishSvg(f.colour)}<span>${f.x100 / 100}×</span></button>`,
  ).join('')}
  <div class="splash" data-splash aria-hidden="true"></div>
</section>`;
    rtp = FISH_RTP;
  } else {
    game = `<div class="matches">
  ${MATCHES.map(
    (m) => `<div class="match" data-match="${m.id}">
    <div class="teams" dir="auto">${escape(m.home)} – ${escape(m.away)}<span class="score" data-score></span></div>
    <div class="odds">${OUTCOMES.map(
      (o) =>
        `<button type="button" class="odd" data-pick="${o}" data-odds="${oddsX100(m.chances[o])}" aria-pressed="false"><small>${tr(`demoTable.sports.${o.toLowerCase()}`)}</small>${(oddsX100(m.chances[o]) / 100).toFixed(2)}</button>`,
    ).join('')}</div>
  </div>`,
  ).join('')}
</div>
<div class="slip" data-slip hidden>
  <div class="slip-row"><span data-selection></span><strong data-price></strong></div>
  <div class="slip-row"><span>${tr('demoTable.sports.returns')}</span><strong data-returns></strong></div>
</div>`;
    action = tr('demoTable.sports.place');
    rtp = '95.00';
  }

  const body = `
<header class="top">
  <a class="back" href="${escape(session.returnUrl)}" data-back>${backIcon}${tr('demoGame.back')}</a>
  <span class="badge" data-demo-badge>${tr('demoGame.badge')}</span>
</header>
<main data-screen="${screen}">
  <div>
    <h1>${escape(title)}</h1>
    <p class="stands">${tr('demoGame.standsIn', { game: session.gameName, vendor: session.vendor })}</p>
  </div>
  ${game}
  <div class="meters">
    <div class="meter"><span>${escape(session.freeplay ? t(language, 'demoGame.funBalance') : t(language, 'demoGame.balance'))}</span><strong data-balance>${escape(view.balance)}</strong> <small>${escape(currency)}</small></div>
    <div class="meter"><span>${tr('demoGame.win')}</span><strong data-win>0.00</strong></div>
  </div>
  <p class="message" data-message role="status" aria-live="polite">${screen === 'fish' ? tr('demoTable.fish.hint') : ''}</p>
  <div class="controls">
    <div>
      <span class="stake-label" id="stake-label">${tr('demoGame.stake')}</span>
      <div class="stake" role="group" aria-labelledby="stake-label">
        <button type="button" data-less aria-label="${tr('demoGame.lessStake')}">−</button>
        <output data-stake>${formatMoney(view.stakes[0]!)}</output>
        <button type="button" data-more aria-label="${tr('demoGame.moreStake')}">+</button>
      </div>
    </div>
    ${action ? `<button type="button" class="spin" data-play>${action}</button>` : ''}
  </div>
  <p class="note">${session.freeplay ? tr('demoTable.freeplayNote') : tr('demoTable.realNote')}</p>
  <details>
    <summary>${tr('demoTable.rules')}</summary>
    <p class="note">${tr(`demoTable.${screen}.rules`)}</p>
    <p class="note">${tr('demoGame.rtp', { rtp })}</p>
  </details>
</main>`;

  const strings = {
    unavailable: t(language, 'demoGame.unavailable'),
    pickFirst: t(language, 'demoTable.sports.pickFirst'),
    caught: t(language, 'demoTable.fish.caught'),
    missed: t(language, 'demoTable.fish.missed'),
    outcomes: Object.fromEntries(
      OUTCOMES.map((o) => [o, t(language, `demoTable.sports.${o.toLowerCase()}`)]),
    ),
    action,
  };
  const script = `<script>(() => {
const screen = ${scriptJson(screen)};
const stakes = ${scriptJson(view.stakes)};
const text = ${scriptJson(strings)};
const suits = ${scriptJson(SUIT_PATHS)};
const ranks = ['A','2','3','4','5','6','7','8','9','10','J','Q','K'];
const $ = (s, root = document) => root.querySelector(s);
const $$ = (s, root = document) => [...root.querySelectorAll(s)];
const money = (minor) => (minor / 100).toFixed(2);
let index = 0, pick = screen === 'live' ? 'DRAGON' : null, match = null, busy = false;
const msg = $('[data-message]'), play = $('[data-play]');
const showStake = () => { $('[data-stake]').textContent = money(stakes[index]); $('[data-less]').disabled = index === 0; $('[data-more]').disabled = index === stakes.length - 1; slip(); };
$('[data-less]').onclick = () => { index = Math.max(0, index - 1); showStake(); };
$('[data-more]').onclick = () => { index = Math.min(stakes.length - 1, index + 1); showStake(); };
const say = (t, cls = '') => { msg.textContent = t; msg.className = 'message ' + cls; };
function slip() {
  if (screen !== 'sports' || !match) return;
  const btn = $('[data-match="' + match + '"] [data-pick="' + pick + '"]');
  $('[data-slip]').hidden = false;
  $('[data-selection]').textContent = $('.teams', btn.closest('.match')).firstChild.textContent + ' · ' + text.outcomes[pick];
  $('[data-price]').textContent = (btn.dataset.odds / 100).toFixed(2);
  $('[data-returns]').textContent = money(Math.floor(stakes[index] * btn.dataset.odds / 100));
}
showStake();
async function round(body) {
  if (busy) return null;
  busy = true; if (play) play.disabled = true;
  let answer = {}, ok = false;
  try {
    const res = await fetch('/demo/api/play', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ stake: stakes[index], ...body }), credentials: 'same-origin' });
    answer = await res.json(); ok = res.ok;
  } catch {}
  busy = false; if (play) play.disabled = false;
  if (answer.balance) $('[data-balance]').textContent = answer.balance;
  if (!ok) { say(answer.message || text.unavailable, 'error'); return null; }
  $('[data-win]').textContent = answer.win;
  return answer;
}
const cardHtml = (c) => '<span>' + ranks[c.rank - 1] + '</span><svg viewBox="0 0 24 24" aria-hidden="true">' + suits[c.suit] + '</svg>';
if (screen === 'live') {
  $$('[data-pick]').forEach((b) => b.onclick = () => { pick = b.dataset.pick; $$('[data-pick]').forEach((x) => x.setAttribute('aria-pressed', String(x === b))); });
  play.onclick = async () => {
    say('');
    $$('[data-seat]').forEach((s) => { s.classList.remove('won'); const c = $('[data-card]', s); c.className = 'card back'; c.innerHTML = ''; });
    const a = await round({ pick });
    if (!a) return;
    for (const [seat, card] of [['DRAGON', a.dragon], ['TIGER', a.tiger]]) {
      const s = $('[data-seat="' + seat + '"]'), c = $('[data-card]', s);
      c.className = 'card' + (card.suit === 'H' || card.suit === 'D' ? ' red' : ''); c.innerHTML = cardHtml(card);
      c.setAttribute('data-rank', ranks[card.rank - 1]);
      if (a.winner === seat) s.classList.add('won');
    }
    say(a.result.text, a.result.win ? 'win' : '');
  };
}
if (screen === 'fish') {
  $$('[data-pick]').forEach((b) => b.onclick = async () => {
    const a = await round({ pick: b.dataset.pick });
    if (!a) return;
    b.classList.remove('hit'); void b.offsetWidth; if (a.caught) b.classList.add('hit');
    $('[data-splash]').textContent = a.caught ? text.caught + ' +' + a.win : text.missed;
    say(a.result.text, a.result.win ? 'win' : '');
  });
}
if (screen === 'sports') {
  $$('[data-match] [data-pick]').forEach((b) => b.onclick = () => {
    match = b.closest('[data-match]').dataset.match; pick = b.dataset.pick;
    $$('[data-pick]').forEach((x) => x.setAttribute('aria-pressed', String(x === b)));
    slip();
  });
  play.onclick = async () => {
    if (!match) { say(text.pickFirst, 'error'); return; }
    const a = await round({ pick, match });
    if (!a) return;
    $('[data-match="' + match + '"] [data-score]').textContent = a.score[0] + ' – ' + a.score[1];
    say(a.result.text, a.result.win ? 'win' : '');
  };
}
})();</script>`;
  return shell(language, `${t(language, 'demoGame.badge')} · ${title}`, body, script, TABLE_STYLE);
}

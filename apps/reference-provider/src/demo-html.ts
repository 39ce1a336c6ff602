import { findLanguage, type LanguageCode } from '@playhouse/contract/languages';
import { formatMoney } from '@playhouse/contract/money';
import { isNetWin, roundOutcome, type RoundOutcome } from '@playhouse/contract/round-outcome';
import type { Translator } from '@playhouse/i18n/node-catalogue';
import { SYMBOLS, type Symbol } from './demo-game.ts';
import type { DemoSession } from './demo-pages.ts';

export const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
/** JSON safe inside a <script> element. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The reel symbols, drawn here (no image files, no emoji fonts needed). */
const SYMBOL_ART: Record<Symbol, string> = {
  SEVEN:
    '<text x="32" y="49" text-anchor="middle" font-size="46" font-weight="900" font-family="Georgia, serif" fill="#ff4d6a" stroke="#7a0f22" stroke-width="2">7</text>',
  BAR: '<rect x="6" y="20" width="52" height="24" rx="5" fill="#272d52" stroke="#ffb627" stroke-width="3"/><text x="32" y="38" text-anchor="middle" font-size="15" font-weight="900" font-family="Arial, sans-serif" fill="#ffb627">BAR</text>',
  BELL: '<path d="M32 10c-10 0-16 8-16 18v10l-6 8h44l-6-8V28c0-10-6-18-16-18z" fill="#ffb627" stroke="#a86a00" stroke-width="2"/><circle cx="32" cy="51" r="5" fill="#a86a00"/>',
  CHERRY:
    '<path d="M22 42c4-14 10-24 22-32M42 44c0-12 0-24 2-34" stroke="#2bd47d" stroke-width="3" fill="none"/><circle cx="21" cy="45" r="10" fill="#ff4d6a"/><circle cx="43" cy="47" r="10" fill="#e0304f"/>',
  LEMON:
    '<ellipse cx="32" cy="34" rx="22" ry="16" fill="#ffe14d" stroke="#b89a00" stroke-width="2"/><circle cx="12" cy="34" r="3" fill="#b89a00"/><circle cx="52" cy="34" r="3" fill="#b89a00"/>',
};

const symbolSvg = (s: Symbol, label: string) =>
  `<svg viewBox="0 0 64 64" role="img" aria-label="${escape(label)}" data-symbol="${s}">${SYMBOL_ART[s]}</svg>`;

const STYLE = `
:root{--bg:#0f1220;--raised:#171b2e;--surface:#1e2340;--surface-2:#272d52;--line:rgba(255,255,255,.08);--text:#eef0f8;--muted:#9aa1c2;--accent:#ffb627;--accent-2:#ff7a18;--accent-text:#1b1302;--danger:#ff4d6a;--success:#2bd47d;--radius:14px;color-scheme:dark}
*{box-sizing:border-box}
html,body{margin:0;min-height:100%;background:var(--bg);color:var(--text);font:15px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif}
body{min-height:100dvh;display:flex;flex-direction:column}
.top{display:flex;align-items:center;gap:10px;padding:10px 12px;background:var(--raised);border-bottom:1px solid var(--line);position:sticky;top:0}
.back{display:inline-flex;align-items:center;gap:6px;min-height:40px;padding:0 14px;border-radius:999px;background:var(--surface-2);color:var(--text);text-decoration:none;font-weight:600}
.back svg{width:18px;height:18px}
[dir=rtl] .back svg{transform:scaleX(-1)}
.badge{margin-inline-start:auto;padding:4px 10px;border-radius:6px;background:var(--danger);color:#fff;font-weight:900;letter-spacing:.12em;font-size:13px}
main{flex:1;display:flex;flex-direction:column;gap:14px;padding:16px;max-width:520px;width:100%;margin:0 auto}
h1{margin:0;font-size:24px}
.stands{margin:2px 0 0;color:var(--muted);font-size:13px}
.machine{position:relative;background:linear-gradient(180deg,var(--surface),var(--raised));border:1px solid var(--line);border-radius:var(--radius);padding:14px;box-shadow:0 10px 30px rgba(0,0,0,.35)}
.demo-stamp{position:absolute;top:8px;inset-inline-end:10px;font-size:11px;font-weight:900;letter-spacing:.2em;color:var(--danger);opacity:.9}
.reels{display:grid;grid-template-columns:repeat(3,1fr);gap:8px;direction:ltr}
.reel{background:#0b0d18;border-radius:10px;overflow:hidden;display:grid;grid-template-rows:repeat(3,1fr);height:228px;border:1px solid var(--line)}
.reel svg{width:100%;height:100%;padding:8px}
.reel svg:nth-child(1),.reel svg:nth-child(3){opacity:.35}
.reel.spinning svg{animation:blur .12s linear infinite}
@keyframes blur{0%{transform:translateY(-20%);filter:blur(2px)}100%{transform:translateY(20%);filter:blur(2px)}}
.payline{position:absolute;left:14px;right:14px;top:calc(14px + 114px);height:2px;background:var(--accent);opacity:.6;pointer-events:none}
.meters{display:grid;grid-template-columns:1fr 1fr;gap:10px}
.meter{background:var(--surface);border:1px solid var(--line);border-radius:10px;padding:8px 12px}
.meter span{display:block;color:var(--muted);font-size:12px}
.meter strong{font-size:20px;font-variant-numeric:tabular-nums}
.message{min-height:22px;margin:0;text-align:center;font-weight:700}
.message.win{color:var(--success)}
.message.error{color:var(--danger)}
.controls{display:flex;align-items:center;gap:10px}
.stake{display:flex;align-items:center;gap:6px;background:var(--surface);border:1px solid var(--line);border-radius:999px;padding:4px}
.stake button{width:40px;height:40px;border-radius:50%;border:0;background:var(--surface-2);color:var(--text);font-size:22px;font-weight:700}
.stake output{min-width:72px;text-align:center;font-weight:700;font-variant-numeric:tabular-nums}
.stake-label{display:block;color:var(--muted);font-size:12px;margin-bottom:2px}
.spin{flex:1;height:56px;border:0;border-radius:999px;background:linear-gradient(90deg,var(--accent),var(--accent-2));color:var(--accent-text);font-size:18px;font-weight:900;letter-spacing:.04em}
.spin:disabled{opacity:.6}
.note{margin:0;color:var(--muted);font-size:13px}
details{background:var(--surface);border:1px solid var(--line);border-radius:10px;padding:10px 12px}
summary{font-weight:700;cursor:pointer}
table{width:100%;border-collapse:collapse;margin-top:8px}
td{padding:4px 0;border-bottom:1px solid var(--line)}
td:last-child{text-align:end;font-weight:700}
td svg{width:26px;height:26px;vertical-align:middle}
.expired{margin:auto;text-align:center;padding:24px;display:flex;flex-direction:column;gap:16px;align-items:center}
`;

export const backIcon =
  '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M15 5l-7 7 7 7" stroke="currentColor" stroke-width="2.5" fill="none" stroke-linecap="round" stroke-linejoin="round"/></svg>';

export function shell(
  language: LanguageCode,
  title: string,
  body: string,
  script = '',
  extraStyle = '',
): string {
  const lang = findLanguage(language) ?? findLanguage('EN')!;
  return `<!doctype html><html lang="${lang.tag}" dir="${lang.dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1,viewport-fit=cover"><meta name="theme-color" content="#0f1220"><meta name="robots" content="noindex"><title>${escape(title)}</title><style>${STYLE}${extraStyle}</style></head><body>${body}${script}</body></html>`;
}

/** The page a spent, expired or unknown launch token gets. */
export function expiredPageHtml(
  t: Translator,
  language: LanguageCode,
  returnUrl: string | undefined,
): string {
  const back = returnUrl
    ? `<a class="back" href="${escape(returnUrl)}">${backIcon}${escape(t(language, 'demoGame.back'))}</a>`
    : '';
  return shell(
    language,
    t(language, 'demoGame.badge'),
    `<main class="expired"><span class="badge">${escape(t(language, 'demoGame.badge'))}</span><p>${escape(t(language, 'demoGame.expired'))}</p>${back}</main>`,
  );
}

/** The demo game: labelled DEMO, a way back to the lobby, the reels, balance, stake and pays. */
export function demoPageHtml(
  t: Translator,
  view: {
    session: DemoSession;
    balance: string;
    /** Stakes in minor units. */
    stakes: number[];
    rtp: string;
    pays: Record<Symbol | 'TWO_CHERRIES', number>;
  },
): string {
  const { session } = view;
  const language = (findLanguage(session.language)?.code ?? 'EN') as LanguageCode;
  const tr = (key: string, params?: Record<string, string | number>) => escape(t(language, key, params));
  const names = Object.fromEntries(SYMBOLS.map((s) => [s, t(language, `demoGame.symbols.${s}`)])) as Record<
    Symbol,
    string
  >;
  // Before the first spin: the reels at rest on a line that pays nothing.
  const initial: Symbol[][] = [
    ['LEMON', 'BELL', 'CHERRY'],
    ['CHERRY', 'SEVEN', 'BAR'],
    ['BELL', 'BAR', 'LEMON'],
  ];
  const reels = initial
    .map(
      (reel, i) =>
        `<div class="reel" data-reel="${i}">${reel.map((s) => symbolSvg(s, names[s])).join('')}</div>`,
    )
    .join('');
  const payRows = [
    ...SYMBOLS.map(
      (s) =>
        `<tr><td>${symbolSvg(s, names[s])}${symbolSvg(s, names[s])}${symbolSvg(s, names[s])}</td><td>${view.pays[s]}×</td></tr>`,
    ),
    `<tr><td>${tr('demoGame.twoCherries')}</td><td>${view.pays.TWO_CHERRIES}×</td></tr>`,
  ].join('');
  const currency = session.freeplay ? t(language, 'demoGame.funCurrency') : session.currency;
  const body = `
<header class="top">
  <a class="back" href="${escape(session.returnUrl)}" data-back>${backIcon}${tr('demoGame.back')}</a>
  <span class="badge" data-demo-badge>${tr('demoGame.badge')}</span>
</header>
<main>
  <div>
    <h1>${tr('demoGame.title')}</h1>
    <p class="stands">${tr('demoGame.standsIn', { game: session.gameName, vendor: session.vendor })}</p>
  </div>
  <section class="machine" aria-label="${tr('demoGame.title')}">
    <span class="demo-stamp" aria-hidden="true">${tr('demoGame.badge')}</span>
    <div class="reels">${reels}</div>
    <div class="payline" aria-hidden="true"></div>
  </section>
  <div class="meters">
    <div class="meter"><span>${escape(session.freeplay ? t(language, 'demoGame.funBalance') : t(language, 'demoGame.balance'))}</span><strong data-balance>${escape(view.balance)}</strong> <small>${escape(currency)}</small></div>
    <div class="meter"><span>${tr('demoGame.win')}</span><strong data-win>0.00</strong></div>
  </div>
  <p class="message" data-message role="status" aria-live="polite"></p>
  <div class="controls">
    <div>
      <span class="stake-label" id="stake-label">${tr('demoGame.stake')}</span>
      <div class="stake" role="group" aria-labelledby="stake-label">
        <button type="button" data-less aria-label="${tr('demoGame.lessStake')}">−</button>
        <output data-stake>${formatMoney(view.stakes[0]!)}</output>
        <button type="button" data-more aria-label="${tr('demoGame.moreStake')}">+</button>
      </div>
    </div>
    <button type="button" class="spin" data-spin>${tr('demoGame.spin')}</button>
  </div>
  <p class="note">${session.freeplay ? tr('demoGame.freeplayNote') : tr('demoGame.realNote')}</p>
  <details>
    <summary>${tr('demoGame.pays')}</summary>
    <table>${payRows}</table>
    <p class="note">${tr('demoGame.rtp', { rtp: view.rtp })}</p>
  </details>
</main>`;
  const art = Object.fromEntries(SYMBOLS.map((s) => [s, symbolSvg(s, names[s])]));
  const strings = {
    spinning: t(language, 'demoGame.spinning'),
    spin: t(language, 'demoGame.spin'),
    unavailable: t(language, 'demoGame.unavailable'),
  };
  const script = `<script>(() => {
const stakes = ${scriptJson(view.stakes)};
const art = ${scriptJson(art)};
const text = ${scriptJson(strings)};
let index = 0;
const $ = (s) => document.querySelector(s);
const money = (minor) => (minor / 100).toFixed(2);
const stakeOut = $('[data-stake]'), spinBtn = $('[data-spin]'), msg = $('[data-message]');
const showStake = () => { stakeOut.textContent = money(stakes[index]); $('[data-less]').disabled = index === 0; $('[data-more]').disabled = index === stakes.length - 1; };
$('[data-less]').onclick = () => { index = Math.max(0, index - 1); showStake(); };
$('[data-more]').onclick = () => { index = Math.min(stakes.length - 1, index + 1); showStake(); };
showStake();
const reels = [...document.querySelectorAll('.reel')];
spinBtn.onclick = async () => {
  spinBtn.disabled = true; spinBtn.textContent = text.spinning; msg.textContent = ''; msg.className = 'message';
  reels.forEach((r) => r.classList.add('spinning'));
  const started = Date.now();
  let answer, ok = false;
  try {
    const res = await fetch('/demo/api/spin', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ stake: stakes[index] }), credentials: 'same-origin' });
    answer = await res.json(); ok = res.ok;
  } catch { answer = {}; }
  await new Promise((r) => setTimeout(r, Math.max(0, 700 - (Date.now() - started))));
  reels.forEach((r) => r.classList.remove('spinning'));
  if (ok) {
    answer.reels.forEach((symbols, i) => { reels[i].innerHTML = symbols.map((s) => art[s]).join(''); });
    $('[data-win]').textContent = answer.win;
    msg.textContent = answer.result.text; msg.className = answer.result.win ? 'message win' : 'message';
  } else {
    msg.textContent = answer.message || text.unavailable; msg.className = 'message error';
  }
  if (answer.balance) $('[data-balance]').textContent = answer.balance;
  spinBtn.disabled = false; spinBtn.textContent = text.spin;
};
})();</script>`;
  return shell(language, `${t(language, 'demoGame.badge')} · ${t(language, 'demoGame.title')}`, body, script);
}

/**
 * What the page says after a spin, judged against the stake: "You win" in the win colour only when
 * the spin returned more than it cost; a smaller return is a loss with the amount returned.
 */
export function spinResult(
  t: Translator,
  language: LanguageCode,
  stake: number,
  win: number,
): { outcome: RoundOutcome; text: string; win: boolean } {
  const outcome = roundOutcome(stake, win);
  const amount = formatMoney(win);
  const text = isNetWin(outcome)
    ? t(language, 'demoGame.youWin', { amount })
    : outcome === 'nothing'
      ? t(language, 'demoGame.noWin')
      : outcome === 'even'
        ? t(language, 'demoGame.stakeBack', { amount })
        : t(language, 'demoGame.returnedOf', { amount, stake: formatMoney(stake) });
  return { outcome, text, win: isNetWin(outcome) };
}

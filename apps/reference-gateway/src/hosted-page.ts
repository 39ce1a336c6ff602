/**
 * The hosted payment page: what the payer sees at the gateway. Plain HTML, no script; the two
 * buttons are forms, so it works in any browser and in tests driven over HTTP.
 */
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `
body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#0f1420;color:#e8ecf4;display:flex;justify-content:center}
main{width:100%;max-width:420px;padding:32px 20px}
h1{font-size:20px;margin:0 0 4px}.muted{color:#9aa4b8;font-size:14px}
.amount{font-size:36px;font-weight:700;margin:24px 0 8px}
.qr{width:180px;height:180px;margin:16px auto;background:repeating-conic-gradient(#e8ecf4 0 25%,#0f1420 0 50%) 0 0/20px 20px;border:12px solid #e8ecf4;border-radius:8px}
form{margin:12px 0}button{width:100%;padding:14px;border:0;border-radius:10px;font-size:16px;font-weight:600;cursor:pointer}
.pay{background:#2fbf71;color:#06110b}.cancel{background:#273046;color:#e8ecf4}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;font-size:14px}dt{color:#9aa4b8}dd{margin:0;word-break:break-all}
`;

export function hostedPage(payment: {
  paymentId: string;
  merchantReference: string;
  amount: string;
  currency: string;
  method: string;
  description: string;
  status: string;
}): string {
  const open = payment.status === 'PENDING';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>RefPay checkout</title><style>${STYLE}</style></head><body><main>
<h1>RefPay checkout</h1><div class="muted">Reference payment gateway (test money only)</div>
<div class="amount" data-testid="amount">${escape(payment.currency)} ${escape(payment.amount)}</div>
${payment.method === 'QR' ? '<div class="qr" aria-label="QR code"></div>' : ''}
<dl><dt>Payment</dt><dd>${escape(payment.paymentId)}</dd><dt>Reference</dt><dd>${escape(payment.merchantReference)}</dd>
<dt>Method</dt><dd>${escape(payment.method)}</dd><dt>Status</dt><dd data-testid="status">${escape(payment.status)}</dd></dl>
${
  open
    ? `<form method="post" action="/pay/${escape(payment.paymentId)}/pay"><button class="pay" type="submit">Pay</button></form>
<form method="post" action="/pay/${escape(payment.paymentId)}/cancel"><button class="cancel" type="submit">Cancel</button></form>`
    : '<p>This payment is closed.</p>'
}
</main></body></html>`;
}

export function resultPage(title: string, detail: string | null): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(title)}</title><style>${STYLE}</style></head><body><main><h1>${escape(title)}</h1>${
    detail ? `<p>${escape(detail)}</p>` : ''
  }</main></body></html>`;
}

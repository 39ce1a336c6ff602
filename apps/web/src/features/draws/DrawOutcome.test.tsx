import { createInstance } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { readCatalogue } from '@playhouse/i18n/node-catalogue';
import { DrawOutcome } from './DrawOutcome.tsx';

const i18n = createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    ns: ['draws'],
    defaultNS: 'draws',
    resources: { en: { draws: readCatalogue('EN', 'draws') } },
  });
});

const render = (tickets: { stake: string; win: string }[], testId: string) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <DrawOutcome tickets={tickets} noWin="No win" testId={testId} />
    </I18nextProvider>,
  );

describe.each(['draw-outcome', 'bingo-outcome'])('%s: a loss is never shown as a win', (testId) => {
  it('tickets returning less than they cost render no win styling and say what came back', () => {
    const html = render(
      [
        { stake: '2.50', win: '4.00' },
        { stake: '2.50', win: '0.00' },
      ],
      testId,
    );
    expect(html).not.toMatch(/dr-win|You won/);
    expect(html).toContain('Returned 4.00 of 5.00');
    expect(render([{ stake: '5.00', win: '0.00' }], testId)).not.toMatch(/dr-win|You won/);
  });
  it('tickets returning more than they cost render a win', () => {
    const html = render([{ stake: '5.00', win: '9.75' }], testId);
    expect(html).toContain('dr-win');
    expect(html).toContain('You won 9.75');
  });
});

/**
 * The player site rendered on the server: the same tree the browser builds (app/App.tsx) for one
 * address, language and visitor's user agent, as a guest, with the data the page carries. The
 * browser hydrates it (main.tsx), so the first screen shows before the app's script has run.
 * Built by `vite build --ssr` into dist-ssr/, which the server loads (player-page.ts).
 */
import { QueryClient } from '@tanstack/react-query';
import { createInstance, type Resource } from 'i18next';
import { Writable } from 'node:stream';
import { prerenderToNodeStream } from 'react-dom/static';
import { I18nextProvider } from 'react-i18next';
import { StaticRouter } from 'react-router';
import type { ServerRenderInput, SiteServerBuild } from '@playhouse/contract/site-page';
import { App } from './app/App.tsx';
import { announcementsKey } from './features/lobby/hooks/use-announcements.ts';
import { hotGamesKey } from './features/lobby/hooks/use-hot-games.ts';
import { JACKPOT_KEY } from './features/lobby/hooks/use-jackpot.ts';
import { I18N_OPTIONS } from './i18n/i18n-options.ts';
import { detectPlatform } from './lib/platform.ts';
import { UserAgentContext } from './lib/use-platform.ts';
import { STATUS_KEY } from './status/site-status.ts';

function collect(stream: NodeJS.ReadableStream): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.pipe(
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          chunks.push(chunk);
          done();
        },
        final(done) {
          resolve(Buffer.concat(chunks).toString('utf8'));
          done();
        },
      }),
    );
    stream.on('error', reject);
  });
}

/** The markup of `#root` for one page, with every lazy part of its first screen resolved. */
export const renderPage: SiteServerBuild['renderPage'] = async (input: ServerRenderInput) => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(STATUS_KEY, input.status);
  if (input.announcements)
    queryClient.setQueryData(announcementsKey(input.language, ''), input.announcements);
  if (input.hotGames) queryClient.setQueryData(hotGamesKey(input.language), input.hotGames);
  if (input.jackpot) queryClient.setQueryData(JACKPOT_KEY, input.jackpot);

  const i18n = createInstance();
  await i18n.init({
    ...I18N_OPTIONS,
    lng: input.language,
    ns: Object.keys(input.catalogues),
    resources: { [input.language]: input.catalogues } as Resource,
    initAsync: false,
  });

  const { prelude } = await prerenderToNodeStream(
    <I18nextProvider i18n={i18n}>
      <UserAgentContext.Provider value={input.userAgent}>
        <App
          queryClient={queryClient}
          Router={({ children }) => <StaticRouter location={input.path}>{children}</StaticRouter>}
        />
      </UserAgentContext.Provider>
    </I18nextProvider>,
    // Every boundary inline, whatever its size: React moves a large one (longer strings, multi-byte
    // scripts) after the page with inline scripts that reveal it, and the page would then show its
    // skeleton until they ran.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  queryClient.clear();
  return collect(prelude);
};

/**
 * What of the visitor's user agent a render depends on: the server keeps one page per variant
 * rather than one per user agent.
 */
export const pageVariant: SiteServerBuild['pageVariant'] = (userAgent) => {
  const { ios, android, nativeApp } = detectPlatform(userAgent, false);
  return `${ios ? 'ios' : android ? 'android' : 'other'}${nativeApp ? '-app' : ''}`;
};

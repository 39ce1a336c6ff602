// Applies the stored theme and reading direction before the first paint (no flash of the wrong layout).
try {
  if (localStorage.getItem('theme') === 'light') document.documentElement.dataset.theme = 'light';
  var language = localStorage.getItem('language');
  if (language === 'AR' || language === 'FA' || language === 'UR') document.documentElement.dir = 'rtl';
  // A first visit has no cached site status and cannot render without it: ask for it now, while the
  // app's script downloads (site-status.ts picks this up).
  if (!localStorage.getItem('siteStatus'))
    window.__playhouseStatus = fetch('/wps/system/status', { headers: { accept: 'application/json' } });
} catch {
  // storage unavailable: defaults apply
}

// Applies the stored theme and reading direction before the first paint (no flash of the wrong layout).
try {
  if (localStorage.getItem('theme') === 'light') document.documentElement.dataset.theme = 'light';
  var language = localStorage.getItem('language');
  if (language === 'AR' || language === 'FA' || language === 'UR') document.documentElement.dir = 'rtl';
} catch {
  // storage unavailable: defaults apply
}

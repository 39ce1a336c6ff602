/** Opens a customer-service or social link: site paths in the app, others in a new tab. */
export function openLink(url: string, navigate: (path: string) => void): void {
  if (url.startsWith('/m/')) navigate(url);
  else window.open(url, '_blank', 'noopener');
}

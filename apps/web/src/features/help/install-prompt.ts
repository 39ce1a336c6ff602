/** The browser's install offer (Chromium's `beforeinstallprompt`), kept by main.tsx when it came early. */
export interface InstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export const INSTALL_PROMPT_KEY = '__playhouseInstallPrompt';

declare global {
  interface Window {
    [INSTALL_PROMPT_KEY]?: InstallPromptEvent | undefined;
  }
}

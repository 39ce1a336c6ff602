import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

export type Panel = 'none' | 'side' | 'dropdown' | 'download' | 'logout' | 'service';

interface ShellState {
  panel: Panel;
  /** The side menu opens with its language accordion expanded. */
  languageOpen: boolean;
  open: (panel: Panel, options?: { language?: boolean }) => void;
  close: () => void;
}

const ShellContext = createContext<ShellState | null>(null);

/** Which panel of the shell is open; one at a time. */
export function ShellProvider({ children }: { children: ReactNode }) {
  const [panel, setPanel] = useState<Panel>('none');
  const [languageOpen, setLanguageOpen] = useState(false);
  const value = useMemo<ShellState>(
    () => ({
      panel,
      languageOpen,
      open: (next, options) => {
        setLanguageOpen(Boolean(options?.language));
        setPanel(next);
      },
      close: () => setPanel('none'),
    }),
    [panel, languageOpen],
  );
  return <ShellContext.Provider value={value}>{children}</ShellContext.Provider>;
}

export function useShell(): ShellState {
  const state = useContext(ShellContext);
  if (!state) throw new Error('useShell outside ShellProvider');
  return state;
}

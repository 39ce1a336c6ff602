import { describe, expect, it } from 'vitest';
import { chatUnreadWanted } from './session.ts';

describe('chat unread count (spec §6)', () => {
  it('is asked only while live chat is offered, for members who are not trial users', () => {
    expect(chatUnreadWanted(true, 0)).toBe(true);
    expect(chatUnreadWanted(true, 40)).toBe(true);
    expect(chatUnreadWanted(true, 4)).toBe(false);
    expect(chatUnreadWanted(false, 0)).toBe(false);
    // Until the member's type is known, nothing is asked.
    expect(chatUnreadWanted(true, undefined)).toBe(false);
  });
});

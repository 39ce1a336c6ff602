import type { Page } from 'playwright-core';

/** Controls of the header bar that overlap, or are cut, with their boxes. */
export async function headerProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const bar = document.querySelector<HTMLElement>('.header-bar');
    if (!bar) return ['no header bar'];
    const barBox = bar.getBoundingClientRect();
    const controls = [
      ...bar.querySelectorAll<HTMLElement>(
        ':scope > button, :scope > a, :scope > h1, .header-actions > *, .header-member > a, .header-member > button, .header-shortcuts > a, .balance, .balance-refresh, .member-name-text, .logo-name > span',
      ),
    ]
      .filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden')
      // The site's name shows whole on the first line or not at all (on the clipped second line).
      .filter(
        (el) => !el.parentElement?.matches('.logo-name') || el.offsetTop < el.parentElement.clientHeight,
      );
    const problems: string[] = [];
    const label = (el: HTMLElement) =>
      `${el.className || el.tagName}${el.getAttribute('aria-label') ? `[${el.getAttribute('aria-label')}]` : ''}`;
    const boxes = controls.map((el) => ({ el, box: el.getBoundingClientRect() }));
    // What never gives way: the menu button, and a member's balance, name and "more" button.
    const member = bar.querySelector('.header-member');
    const required = [':scope > .icon-btn'];
    if (member) required.push('.balance', '.member-name-text', '.header-member > button.icon-btn:last-child');
    for (const selector of required) {
      const el = bar.querySelector<HTMLElement>(selector);
      if (!el || !controls.includes(el)) problems.push(`${selector} is not shown`);
    }
    // A shortcut folded into the menu is hidden, and only when its row has no room for it.
    for (const shortcut of bar.querySelectorAll<HTMLElement>('.header-shortcuts > [data-shortcut]')) {
      const row = shortcut.parentElement!.getBoundingClientRect();
      const box = shortcut.getBoundingClientRect();
      const clipped = box.top >= row.bottom - 0.5 || box.left < row.left - 0.5 || box.right > row.right + 0.5;
      if (clipped !== shortcut.hasAttribute('data-folded'))
        problems.push(
          `${label(shortcut)} is ${clipped ? 'cut off but not folded' : 'folded with room to show'}`,
        );
    }
    const inbox = bar.querySelector('[data-shortcut="inbox"]');
    if (
      inbox?.hasAttribute('data-folded') &&
      inbox.querySelector('.badge') &&
      !member?.querySelector(':scope > button .badge')
    )
      problems.push('the unread count is folded away with the inbox');
    for (const { el, box } of boxes) {
      if (box.left < barBox.left - 0.5 || box.right > barBox.right + 0.5)
        problems.push(`${label(el)} leaves the bar (${box.left}–${box.right} of ${barBox.width})`);
      if (box.width < 20 && !el.matches('.logo-name > span'))
        problems.push(`${label(el)} is squeezed (${box.width}px)`);
      // Text that is cut: only the name may end in an ellipsis, and it must still show a few letters.
      if (el.classList.contains('member-name-text')) {
        if (box.width < 48) problems.push(`the name is a sliver (${box.width}px)`);
      } else if (
        el.matches('.balance, h1, .header-actions > *') &&
        el.scrollWidth > el.clientWidth + 1 &&
        el.clientWidth > 0
      )
        problems.push(`${label(el)} is cut (${el.scrollWidth} > ${el.clientWidth})`);
    }
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i]!;
        const b = boxes[j]!;
        if (a.el.contains(b.el) || b.el.contains(a.el)) continue;
        const x = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
        const y = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
        if (x > 0.5 && y > 0.5) problems.push(`${label(a.el)} overlaps ${label(b.el)}`);
      }
    return problems;
  });
}

import { describe, expect, it } from 'vitest';
import { backTarget, routeFor, ROUTES } from './routes.ts';

describe('route table', () => {
  it('has unique ids and paths', () => {
    const ids = ROUTES.map((r) => r.id);
    const paths = ROUTES.flatMap((r) => r.paths);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(paths).size).toBe(paths.length);
  });
  it('maps aliases to one screen', () => {
    expect(routeFor('/m/member/home')?.id).toBe('mine');
    expect(routeFor('/m/register.html')?.id).toBe('register');
    expect(routeFor('/m/slot-games/')?.id).toBe('slotGames');
    expect(routeFor('/m/nowhere')).toBeUndefined();
  });
  it('goes home from login, register, activity, forget and download only', () => {
    for (const p of ['/m/login', '/m/register', '/m/activity', '/m/forget', '/m/download']) {
      expect(backTarget(p)).toBe('home');
    }
    expect(backTarget('/m/notice')).toBe('history');
    expect(backTarget('/m/activityDetail')).toBe('history');
  });
});

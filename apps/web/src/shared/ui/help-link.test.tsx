import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { withHelpLink } from './help-link';

describe('withHelpLink', () => {
  it('turns the safer-play path of a limit refusal into a link and leaves other messages as text', () => {
    const msg = '已达到每日充值限额（¥500.00），将于 2026-11-26 00:00 重置。安全游戏帮助：/safer-play';
    render(<p>{withHelpLink(msg)}</p>);
    const link = screen.getByRole('link', { name: '/safer-play' });
    expect(link.getAttribute('href')).toBe('/safer-play');
    expect(link.parentElement!.textContent).toBe(msg);
    expect(withHelpLink('余额不足')).toBe('余额不足');
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { SettingsSection } from './settings-section';

// jsdom has no scrollIntoView; the first test puts a spy there.
const jsdomScroll = Element.prototype.scrollIntoView;
afterEach(() => {
  Element.prototype.scrollIntoView = jsdomScroll;
});

const field = () => <input aria-label="链接" />;
const check = () => <button type="button">获取验证码</button>;

describe('a settings section opened by a link (issue 30 §7)', () => {
  it('opens its form, scrolls itself into view and puts the focus in the field', () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    renderWithProviders(
      <SettingsSection title="交易链接" actionLabel="设置" id="trade-url" openOnArrival>
        {field}
      </SettingsSection>,
    );
    expect(document.activeElement).toBe(screen.getByRole('textbox'));
    expect(scrolled.mock.contexts[0]).toBe(document.getElementById('trade-url'));
  });

  it('focuses the first control of a form that starts with a check', () => {
    renderWithProviders(
      <SettingsSection title="交易链接" actionLabel="修改" openOnArrival>
        {check}
      </SettingsSection>,
    );
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '获取验证码' }));
  });

  it('stays closed when arrived at otherwise', () => {
    renderWithProviders(
      <SettingsSection title="交易链接" actionLabel="设置">
        {field}
      </SettingsSection>,
    );
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByRole('button', { name: '设置' }).getAttribute('aria-expanded')).toBe('false');
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { callsTo, refuse, renderWithProviders, stubApi } from '../../test/render';
import { SliderCaptcha } from './slider-captcha';

let nextId = 0;
const challenge = () => ({
  captchaId: `captcha-${++nextId}`,
  background: 'data:image/png;base64,AAAA',
  piece: 'data:image/png;base64,BBBB',
  width: 300,
  height: 150,
  pieceSize: 50,
  pieceY: 40,
  expiresIn: 120,
});

afterEach(() => vi.unstubAllGlobals());

describe('slider captcha (spec §5)', () => {
  it('drags the piece with the pointer and posts the final x with the trail of [x, y drift, ms]', async () => {
    const fetchFn = stubApi({
      '/api/common/sliderCaptcha': challenge,
      '/api/common/sliderVerify': () => ({ captchaVerification: 'token-1', expiresIn: 120 }),
    });
    const onPassed = vi.fn();
    renderWithProviders(<SliderCaptcha onPassed={onPassed} onClose={() => {}} />);
    const handle = await screen.findByRole('slider', { name: '拼图滑块' });
    expect(screen.getByRole('dialog').textContent).toContain('请先完成滑块验证');

    fireEvent.pointerDown(handle, { clientX: 100, clientY: 300 });
    act(() => {
      for (const [x, y] of [
        [120, 301],
        [150, 303],
        [190, 302],
      ])
        window.dispatchEvent(new MouseEvent('pointermove', { clientX: x, clientY: y }));
    });
    expect(screen.getByTestId('slider-piece').style.left).toBe('90px');
    act(() => {
      window.dispatchEvent(new MouseEvent('pointerup', { clientX: 200, clientY: 299 }));
    });

    await waitFor(() => expect(onPassed).toHaveBeenCalledWith('token-1'));
    const [sent] = callsTo(fetchFn, '/api/common/sliderVerify');
    expect(sent?.get('captchaId')).toBe('captcha-1');
    expect(sent?.get('x')).toBe('100');
    const trail = JSON.parse(sent?.get('trail') ?? '[]') as [number, number, number][];
    expect(trail.map(([x, y]) => [x, y])).toEqual([
      [0, 0],
      [20, 1],
      [50, 3],
      [90, 2],
      [100, -1],
    ]);
    expect(trail.every(([, , ms]) => Number.isInteger(ms) && ms >= 0)).toBe(true);
  });

  it('keeps the piece inside the track', async () => {
    stubApi({ '/api/common/sliderCaptcha': challenge });
    renderWithProviders(<SliderCaptcha onPassed={() => {}} onClose={() => {}} />);
    const handle = await screen.findByRole('slider');
    fireEvent.pointerDown(handle, { clientX: 10 });
    act(() => {
      window.dispatchEvent(new MouseEvent('pointermove', { clientX: 900 }));
    });
    expect(handle.getAttribute('aria-valuenow')).toBe('250');
  });

  it('moves with the arrow keys and submits on Enter', async () => {
    const fetchFn = stubApi({
      '/api/common/sliderCaptcha': challenge,
      '/api/common/sliderVerify': () => ({ captchaVerification: 'token-k', expiresIn: 120 }),
    });
    const onPassed = vi.fn();
    renderWithProviders(<SliderCaptcha onPassed={onPassed} onClose={() => {}} />);
    const handle = await screen.findByRole('slider');
    fireEvent.keyDown(handle, { key: 'ArrowRight', shiftKey: true });
    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    fireEvent.keyDown(handle, { key: 'ArrowLeft' });
    expect(handle.getAttribute('aria-valuenow')).toBe('11');
    fireEvent.keyDown(handle, { key: 'Enter' });
    await waitFor(() => expect(onPassed).toHaveBeenCalledWith('token-k'));
    const [sent] = callsTo(fetchFn, '/api/common/sliderVerify');
    expect(sent?.get('x')).toBe('11');
    // Key presses carry no pointer drift: [x, ms].
    const presses = JSON.parse(sent?.get('trail') ?? '[]') as number[][];
    expect(presses.map(([x]) => x)).toEqual([0, 10, 11, 12, 11]);
    expect(presses.every((p) => p.length === 2)).toBe(true);
  });

  it('shows the refusal and loads a new puzzle when the check fails', async () => {
    const fetchFn = stubApi({
      '/api/common/sliderCaptcha': challenge,
      '/api/common/sliderVerify': () => refuse(3108, '滑块验证未通过，请重试'),
    });
    const onPassed = vi.fn();
    renderWithProviders(<SliderCaptcha onPassed={onPassed} onClose={() => {}} />);
    const handle = await screen.findByRole('slider');
    fireEvent.keyDown(handle, { key: 'End' });
    fireEvent.keyDown(handle, { key: 'Enter' });
    expect((await screen.findByRole('alert')).textContent).toBe('滑块验证未通过，请重试');
    await waitFor(() => expect(callsTo(fetchFn, '/api/common/sliderCaptcha')).toHaveLength(2));
    await waitFor(() => expect(screen.getByRole('slider').getAttribute('aria-valuenow')).toBe('0'));
    expect(onPassed).not.toHaveBeenCalled();
  });

  it('shows why the server refused a puzzle (too many from this network)', async () => {
    stubApi({ '/api/common/sliderCaptcha': () => refuse(3150, '您所在网络的滑块验证次数过多，请1小时后再试') });
    renderWithProviders(<SliderCaptcha onPassed={() => {}} onClose={() => {}} />);
    await waitFor(() => expect(screen.getByRole('dialog').textContent).toContain('您所在网络的滑块验证次数过多，请1小时后再试'));
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { startOnIntent } from './start-on-intent';

/** A page as the server sent it: a choice of sessions and a button, with nothing listening yet. */
function renderServerPage() {
  document.body.innerHTML = `
    <fieldset>
      <label><input type="radio" name="service" value="intro" /> Intro call</label>
      <label><input type="radio" name="service" value="deep" /> Deep dive</label>
    </fieldset>
    <label><input type="checkbox" name="repeat" /> Repeat</label>
    <button type="button">Menu</button>
    <label>E-mail <input type="email" name="email" /></label>`;
  return {
    field: document.querySelector<HTMLInputElement>('input[name="email"]')!,
    radio: document.querySelector<HTMLInputElement>('input[value="deep"]')!,
    radioLabel: document.querySelectorAll('label')[1]!,
    checkbox: document.querySelector<HTMLInputElement>('input[name="repeat"]')!,
    button: document.querySelector('button')!,
  };
}

/** Starts on intent; `interactive()` stands for the app having hydrated and listening. */
function startPage() {
  let interactive = () => {};
  const start = vi.fn((whenInteractive: () => void) => {
    interactive = whenInteractive;
  });
  startOnIntent(start);
  return { start, interactive: () => interactive() };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('startOnIntent', () => {
  it('starts nothing until the visitor acts, then starts once', () => {
    renderServerPage();
    const { start } = startPage();
    expect(start).not.toHaveBeenCalled();
    window.dispatchEvent(new PointerEvent('pointermove', { movementX: 4, movementY: 1 }));
    window.dispatchEvent(new Event('scroll'));
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('does not start on a pointer move that did not move (the page laid out under a resting pointer)', () => {
    renderServerPage();
    const { start } = startPage();
    window.dispatchEvent(new PointerEvent('pointermove', { clientX: 0, clientY: 0 }));
    expect(start).not.toHaveBeenCalled();
    window.dispatchEvent(new PointerEvent('pointermove', { movementX: -2 }));
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts on text that arrives in a field without a key (pasted, filled in by the browser)', () => {
    const { field } = renderServerPage();
    const { start } = startPage();
    field.value = 'client@example.com';
    field.dispatchEvent(new Event('input', { bubbles: true }));
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts at once when a field had the focus before it ran', () => {
    const { field } = renderServerPage();
    field.focus();
    const { start } = startPage();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('replays a choice ticked before the app listened, so the app hears of it once', () => {
    const { radio, radioLabel } = renderServerPage();
    const { interactive } = startPage();
    radioLabel.click();
    expect(radio.checked).toBe(true);

    const heard = vi.fn();
    radio.addEventListener('change', heard);
    interactive();
    expect(heard).toHaveBeenCalledTimes(1);
    expect(radio.checked).toBe(true);
  });

  it('replays a checkbox ticked early without leaving it untoggled', () => {
    const { checkbox } = renderServerPage();
    const { interactive } = startPage();
    checkbox.click();
    const heard = vi.fn();
    checkbox.addEventListener('change', heard);
    interactive();
    expect(heard).toHaveBeenCalledTimes(1);
    expect(checkbox.checked).toBe(true);
  });

  it('presses an early-pressed button again once interactive, and nothing after that', () => {
    const { button } = renderServerPage();
    const { interactive } = startPage();
    button.click();
    const pressed = vi.fn();
    button.addEventListener('click', pressed);
    interactive();
    expect(pressed).toHaveBeenCalledTimes(1);
    button.click();
    expect(pressed).toHaveBeenCalledTimes(2);
  });
});

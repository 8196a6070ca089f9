import { useEffect, useMemo, useRef } from 'react';
import { RETRO_TYPING } from '../../../shared/retros.js';

/**
 * The "is writing" signal of one text box (docs/decisions/0059): `typed(value)` on every change
 * sends "writing" at most every RETRO_TYPING.sendEveryMs while there is text, and "stopped" once
 * when the box is emptied; `sent()` after the text went to the server (which then forgets the
 * writer by itself). Leaving the box with text in it says nothing: the server forgets a writer a
 * few seconds after their last signal. Never any text; a failed signal is not worth a message.
 */
export function useTypingSignal(send: (writing: boolean) => Promise<void>) {
  const lastSent = useRef(0);
  const active = useRef(false);
  const signal = useMemo(() => {
    const say = (writing: boolean) => void send(writing).catch(() => undefined);
    return {
      typed: (value: string) => {
        if (!value.trim()) {
          if (active.current) say(false);
          active.current = false;
          lastSent.current = 0;
          return;
        }
        const now = Date.now();
        if (active.current && now - lastSent.current < RETRO_TYPING.sendEveryMs) return;
        active.current = true;
        lastSent.current = now;
        say(true);
      },
      sent: () => {
        active.current = false;
        lastSent.current = 0;
      },
      stop: () => {
        if (active.current) say(false);
        active.current = false;
        lastSent.current = 0;
      },
    };
  }, [send]);
  // The box goes away (the phase moved on, the topic closed) while its owner was writing.
  useEffect(() => () => signal.stop(), [signal]);
  return signal;
}

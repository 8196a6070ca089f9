import { RadioGroup } from 'radix-ui';
import { ACCENTS, setAccent, useAccent, type AccentId } from './profile-accent.js';

/** A small palette (radix RadioGroup: arrow keys move, the choice applies at once and is remembered). */
export function AccentPicker() {
  const accent = useAccent();
  return (
    <div className="accent-picker">
      <span id="accent-picker-label" className="accent-picker-label">
        Page colour
      </span>
      <RadioGroup.Root
        className="accent-swatches"
        aria-labelledby="accent-picker-label"
        value={accent.id}
        onValueChange={(value) => setAccent(value as AccentId)}
        orientation="horizontal"
        loop
      >
        {ACCENTS.map((a) => (
          <RadioGroup.Item key={a.id} value={a.id} className="accent-swatch" aria-label={a.label} title={a.label} style={{ background: a.solid }}>
            <RadioGroup.Indicator className="accent-swatch-check" />
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
    </div>
  );
}

import { Input, InputBase, type MantineStyleProps } from '@mantine/core';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { type LazyModule, useLazyModule } from '../lib/lazy-module';

/** The stand-in's rules, in field-on-demand.css (held by the signed-in stylesheet). */
const classes = { standIn: 'roam-stand-in', placeholder: 'roam-stand-in-placeholder' } as const;

/** What the control does on taking over from its stand-in: what the admin was doing with it. */
type HandOver = 'none' | 'focus' | 'open';

type FieldOnDemandProps<M> = {
  /** Where the control's code comes from. */
  module: LazyModule<M>;
  label: string;
  /** The field's value as text, or nothing. */
  text: string | undefined;
  /** Shown when there is no value. */
  placeholder?: string;
  w: MantineStyleProps['w'];
  /** Clears the value: the stand-in has the control's clear button while there is one. */
  onClear?: () => void;
  /** What the control shows at its right otherwise (a select's chevron). */
  rightSection?: ReactNode;
  /** The control once its code is here; `ref` is its input's, which opens when clicked. */
  children: (module: M, ref: RefObject<HTMLElement | null>) => ReactNode;
};

/**
 * A form control whose code the page does without at first (a date picker, a searchable select):
 * until the admin reaches for it, a button that looks the same. The code is asked for when the
 * browser is idle or the field is pointed at, but the control takes over only when the field is
 * pressed or focused from the keyboard (at once if the code is here by then): swapping every
 * field of a list's filters as the code arrived was one long task after the page's first paint,
 * for fields nobody had touched. The control then takes the focus, and opens if the field was
 * pressed. A page drawn once the code is here renders the control at once.
 */
export function FieldOnDemand<M>({
  module,
  label,
  text,
  placeholder,
  w,
  onClear,
  rightSection,
  children,
}: FieldOnDemandProps<M>) {
  const { loaded, want } = useLazyModule(module, false);
  const [handOver, setHandOver] = useState<HandOver>('none');
  const isPressed = useRef(false);
  if (loaded) {
    return <HandedOver handOver={handOver}>{(ref) => children(loaded, ref)}</HandedOver>;
  }
  return (
    <InputBase
      component="button"
      type="button"
      label={label}
      multiline
      classNames={{ input: classes.standIn }}
      w={w}
      // Pointing asks for the code but swaps nothing: a swap under the pointer could land between
      // the press and the release, and the click would be lost. The press swaps (and opens).
      onPointerEnter={() => void module.load().catch(() => {})}
      onPointerDown={() => {
        isPressed.current = true;
      }}
      onFocus={() => {
        // Likewise a press, which focuses before it clicks: only a focus of its own (the keyboard's) swaps.
        if (isPressed.current) return;
        setHandOver('focus');
        want();
      }}
      onBlur={() => {
        isPressed.current = false;
        setHandOver('none');
      }}
      onClick={() => {
        isPressed.current = false;
        setHandOver('open');
        want();
      }}
      rightSection={
        text && onClear ? (
          <Input.ClearButton aria-label={`Clear ${label.toLowerCase()}`} onClick={onClear} />
        ) : (
          rightSection
        )
      }
    >
      {text ??
        (placeholder ? (
          <Input.Placeholder className={classes.placeholder}>{placeholder}</Input.Placeholder>
        ) : null)}
    </InputBase>
  );
}

/** The loaded control, focused or opened on arrival as the admin left its stand-in. */
function HandedOver({
  handOver,
  children,
}: {
  handOver: HandOver;
  children: (ref: RefObject<HTMLElement | null>) => ReactNode;
}) {
  const input = useRef<HTMLElement>(null);
  const firstHandOver = useRef(handOver);
  useEffect(() => {
    if (firstHandOver.current === 'open') input.current?.click();
    if (firstHandOver.current !== 'none') input.current?.focus();
  }, []);
  return children(input);
}

import {
  cloneElement,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';

/** What a popup's trigger must take: the target's ref and a click. */
type TriggerProps = { ref?: Ref<HTMLElement>; onClick?: (event: MouseEvent<HTMLElement>) => void };

/** The popup's state as the kit's Menu and Popover take it (`opened`, `onChange`). */
export type PopupState = { opened: boolean; onChange: (opened: boolean) => void };

type PopupOnDemandProps = {
  /** Opened from outside (say, when a download starts); without it the popup keeps its own state. */
  opened?: boolean;
  onChange?: (opened: boolean) => void;
  /** What the popup is, for assistive technology while only the trigger is rendered. */
  kind: 'menu' | 'dialog';
  /** The button that opens the popup: alone until then, the popup's target after. */
  trigger: ReactElement<TriggerProps>;
  /** The kit's popup around `target`, opened and changed as `popup` says. */
  children: (popup: PopupState & { target: ReactElement<TriggerProps> }) => ReactNode;
};

/**
 * A popup (the kit's Menu or Popover) that is only its trigger until it is first opened. Each of
 * the kit's popups positions itself with state it sets as the page commits, which renders it
 * again at once: twenty row menus made the list's first paint one long task on a phone.
 *
 * Pressing the trigger renders the popup closed around a new trigger, moves the focus there if the
 * old one had it, then opens it: the popup then returns the focus to its trigger when it closes,
 * as it would have without the wait.
 */
export function PopupOnDemand({ opened, onChange, kind, trigger, children }: PopupOnDemandProps) {
  const [ownOpened, setOwnOpened] = useState(false);
  const popup: PopupState = {
    opened: opened ?? ownOpened,
    onChange: onChange ?? setOwnOpened,
  };
  const change = popup.onChange;
  const [isMounted, setMounted] = useState(popup.opened);
  // Opened from outside before it was ever pressed: the popup comes, opened.
  if (popup.opened && !isMounted) setMounted(true);
  const target = useRef<HTMLElement>(null);
  const pressed = useRef<{ hadFocus: boolean } | null>(null);
  useLayoutEffect(() => {
    if (!isMounted || !pressed.current) return;
    if (pressed.current.hadFocus) target.current?.focus();
    pressed.current = null;
    change(true);
  }, [isMounted, change]);

  if (!isMounted) {
    return cloneElement(trigger, {
      'aria-haspopup': kind,
      'aria-expanded': false,
      onClick: (event: MouseEvent<HTMLElement>) => {
        pressed.current = { hadFocus: document.activeElement === event.currentTarget };
        setMounted(true);
      },
    } as TriggerProps);
  }
  return children({ ...popup, target: cloneElement(trigger, { ref: target }) });
}

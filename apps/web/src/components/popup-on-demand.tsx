import {
  cloneElement,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { lazyModule, useLazyModule } from '../lib/lazy-module';

/** What a popup's trigger must take: the target's ref and a click. */
type TriggerProps = { ref?: Ref<HTMLElement>; onClick?: (event: MouseEvent<HTMLElement>) => void };

/** The popup's state as the kit's Menu and Popover take it (`opened`, `onChange`). */
export type PopupState = { opened: boolean; onChange: (opened: boolean) => void };

/** The kit's popup components (components/popup-kit.ts), loaded once for every popup and modal. */
export type PopupKit = typeof import('./popup-kit');
const popupKit = lazyModule(() => import('./popup-kit'));

/**
 * The kit for a popup or modal from its first opening on: undefined until it has been opened (from
 * outside, or by `open()`) and the kit's code is here. Asked for at once on opening, else when the
 * browser is idle.
 */
export function useOpenedPopupKit(isOpened: boolean): { kit: PopupKit | undefined; open: () => void } {
  const [isWanted, setWanted] = useState(isOpened);
  if (isOpened && !isWanted) setWanted(true);
  const { loaded, want } = useLazyModule(popupKit, isWanted);
  useEffect(() => {
    if (isWanted) want();
  }, [isWanted, want]);
  const open = useCallback(() => {
    setWanted(true);
    // Again after a failed load: opening asks for the kit once more.
    want();
  }, [want]);
  // The kit fetched while the page was idle is taken at once on opening, not a render later.
  return { kit: isWanted ? (loaded ?? popupKit.current()) : undefined, open };
}

type PopupOnDemandProps = {
  /** Opened from outside (say, when a download starts); without it the popup keeps its own state. */
  opened?: boolean;
  onChange?: (opened: boolean) => void;
  /** What the popup is, for assistive technology while only the trigger is rendered. */
  kind: 'menu' | 'dialog';
  /** The button that opens the popup: alone until then, the popup's target after. */
  trigger: ReactElement<TriggerProps>;
  /** The kit's popup (from `kit`) around `target`, opened and changed as `popup` says. */
  children: (popup: PopupState & { target: ReactElement<TriggerProps>; kit: PopupKit }) => ReactNode;
};

/**
 * A popup (the kit's Menu or Popover) that is only its trigger until it is first opened. Each of
 * the kit's popups positions itself with state it sets as the page commits, which renders it
 * again at once: twenty row menus made the list's first paint one long task on a phone. Their code
 * (and the positioning library's) is not in the page's files either: it loads once the page is
 * idle, or when a trigger is pressed before that.
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
  // Opened from outside before it was ever pressed: the popup comes, opened.
  const { kit: mountedKit, open } = useOpenedPopupKit(popup.opened);
  const isMounted = mountedKit !== undefined;
  const target = useRef<HTMLElement>(null);
  const pressed = useRef<{ hadFocus: boolean } | null>(null);
  useLayoutEffect(() => {
    if (!isMounted || !pressed.current) return;
    if (pressed.current.hadFocus) target.current?.focus();
    pressed.current = null;
    change(true);
  }, [isMounted, change]);

  if (!mountedKit) {
    return cloneElement(trigger, {
      'aria-haspopup': kind,
      'aria-expanded': false,
      onClick: (event: MouseEvent<HTMLElement>) => {
        pressed.current = { hadFocus: document.activeElement === event.currentTarget };
        open();
      },
    } as TriggerProps);
  }
  return children({ ...popup, target: cloneElement(trigger, { ref: target }), kit: mountedKit });
}

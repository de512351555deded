import type { ModalProps } from '@mantine/core';
import { useLayoutEffect, useState } from 'react';
import { useOpenedPopupKit } from './popup-on-demand';

/**
 * The kit's Modal for a page that paints before any modal opens (a list's confirm and details
 * dialogs, the shell's unauthorized notice): nothing until it first opens, its code coming with the
 * kit's popups (once the page is idle, or when it opens before that). It first mounts closed and
 * opens right after, before the browser paints: the kit's Modal notes what had the focus when it
 * opens, and gives it back on closing. It then stays mounted, so it closes with its transition.
 */
export function ModalOnDemand(props: ModalProps) {
  const { kit } = useOpenedPopupKit(props.opened);
  const isMounted = kit !== undefined;
  const [isHandedOver, setHandedOver] = useState(false);
  useLayoutEffect(() => {
    if (isMounted) setHandedOver(true);
  }, [isMounted]);
  if (!isMounted) return null;
  return <kit.Modal {...props} opened={isHandedOver && props.opened} />;
}

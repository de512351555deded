import { ActionIcon, type ActionIconProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import type { ComponentPropsWithRef } from 'react';

function ActionIconAnchor(props: ActionIconProps & Omit<ComponentPropsWithRef<'a'>, 'color' | 'style'>) {
  return <ActionIcon component="a" {...props} />;
}

/** An icon button that is a typed link within the panel (the zoom icon, the graph's way back). */
export const ActionIconLink = createLink(ActionIconAnchor);

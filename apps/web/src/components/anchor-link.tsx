import { Anchor, type AnchorProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import type { ComponentPropsWithRef } from 'react';

function LinkAnchor(props: AnchorProps & Omit<ComponentPropsWithRef<'a'>, 'color' | 'style'>) {
  return <Anchor {...props} />;
}

/**
 * A Mantine anchor that navigates within the panel: `to` and `params` are checked against the
 * route tree like the router's own Link, and the result is a real link (a new tab works).
 */
export const AnchorLink = createLink(LinkAnchor);

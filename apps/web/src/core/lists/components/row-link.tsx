import { Anchor, type AnchorProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import type { ComponentPropsWithRef } from 'react';

function RowAnchor(props: AnchorProps & Omit<ComponentPropsWithRef<'a'>, 'color' | 'style'>) {
  return <Anchor fz="sm" fw={500} {...props} />;
}

/**
 * A name in a list that opens its detail route (a client-side navigation, and a real link for a
 * new tab): `<RowLink to="/jobs/$id" params={{ id }}>`, the route and its parameters typed.
 */
export const RowLink = createLink(RowAnchor);

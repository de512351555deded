// The UI kit's styles for the signed-in pages (the first screen's are app/first-screen.css), in the
// kit's cascade layer: loaded after the panel's own styles, they still yield to them.
import './signed-in.css';
import { AppShell, Burger, Group, NavLink, Text, useMantineTheme } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconLogout } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, Outlet, useLocation, useMatches, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { ColorSchemeToggle } from '../../components/color-scheme-toggle';
import { RoamMark } from '../../components/roam-mark';
import { UnauthorizedModal } from '../../components/unauthorized-modal';
import { useDownloadEvents } from '../../core/downloads/downloads';
import { DownloadsButton } from '../../core/downloads/downloads-button';
import { useLiveLists } from '../../core/live-lists';
import { meQueryOptions } from '../../lib/me';
import { connectRealtime, disconnectRealtime } from '../../lib/realtime';
import { hasSession } from '../../lib/session';
import { signOut } from '../../lib/sign-out';
import { NAV_ICONS } from './nav-icons';
import { getVisibleNavItems } from './navigation';
import { ProfileLink } from './profile-link';

/**
 * The shell of every protected page (SPEC §2): a header with the profile link and a side
 * navigation that collapses on desktop and slides out as a drawer under 768 px (Mantine's `sm`).
 */
export function AppLayout() {
  const [isMobileOpen, { toggle: toggleMobile, close: closeMobile }] = useDisclosure(false);
  const [isDesktopOpen, { toggle: toggleDesktop }] = useDisclosure(true);
  const theme = useMantineTheme();
  const isDesktop = useMediaQuery(`(min-width: ${theme.breakpoints.sm})`, false, {
    getInitialValueInEffect: false,
  });
  // A collapsed navigation is only moved off screen; inert keeps its links out of the tab order.
  const isNavbarHidden = isDesktop ? !isDesktopOpen : !isMobileOpen;
  const meQuery = useQuery(meQueryOptions());
  const me = meQuery.data;
  // A role that requires two-factor sign-in, not set up yet: My Account is the only page (DESIGN §8).
  const mustSetUpMfa = me ? me.mfa.required && !me.mfa.enabled : false;
  const pathname = useLocation({ select: (location) => location.pathname });
  const isElsewhere = mustSetUpMfa && pathname !== '/account';
  const activeArea = useMatches({ select: (matches) => matches.at(-1)?.staticData.area });
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The realtime connection lives as long as the signed-in shell (DESIGN §8).
  useEffect(() => {
    void connectRealtime();
    return disconnectRealtime;
  }, []);
  useLiveLists();
  useDownloadEvents();
  useEffect(() => {
    // Not once the session has ended (a refused load signs out and goes to sign-in meanwhile).
    if (isElsewhere && hasSession()) void navigate({ to: '/account' });
  }, [isElsewhere, navigate]);
  // The server refuses the socket until two-factor sign-in is set up: connect again once it is.
  useEffect(() => {
    if (mustSetUpMfa) return;
    void connectRealtime().then((socket) => {
      if (socket?.disconnected) socket.connect();
    });
  }, [mustSetUpMfa]);

  const onLogout = async () => {
    await signOut();
    await navigate({ to: '/' });
    queryClient.clear();
  };

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{
        width: 250,
        breakpoint: 'sm',
        collapsed: { mobile: !isMobileOpen, desktop: !isDesktopOpen },
      }}
      padding="lg"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={isMobileOpen}
              onClick={toggleMobile}
              hiddenFrom="sm"
              size="sm"
              aria-label="Toggle navigation"
              aria-expanded={isMobileOpen}
              aria-controls="app-navigation"
            />
            <Burger
              opened={isDesktopOpen}
              onClick={toggleDesktop}
              visibleFrom="sm"
              size="sm"
              aria-label="Toggle navigation"
              aria-expanded={isDesktopOpen}
              aria-controls="app-navigation"
            />
            <Group gap={8} wrap="nowrap">
              <RoamMark />
              <Text fw={700} size="lg" style={{ whiteSpace: 'nowrap' }}>
                Roam Admin
              </Text>
            </Group>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <ColorSchemeToggle />
            <DownloadsButton />
            <ProfileLink me={meQuery.data} />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar id="app-navigation" p="sm" aria-label="Main navigation" inert={isNavbarHidden}>
        <AppShell.Section grow style={{ overflowY: 'auto' }}>
          {getVisibleNavItems(mustSetUpMfa ? undefined : me).map((item) => {
            const Icon = NAV_ICONS[item.key];
            return (
              <NavLink
                key={item.key}
                component={Link}
                to={item.to}
                label={item.label}
                leftSection={<Icon size={20} stroke={1.6} aria-hidden />}
                active={activeArea === item.key}
                aria-current={activeArea === item.key ? 'page' : undefined}
                variant="filled"
                onClick={closeMobile}
              />
            );
          })}
        </AppShell.Section>
        <AppShell.Section>
          <NavLink
            component="button"
            type="button"
            label="Logout"
            leftSection={<IconLogout size={20} stroke={1.6} aria-hidden />}
            onClick={() => void onLogout()}
          />
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main>{isElsewhere ? null : <Outlet />}</AppShell.Main>
      <UnauthorizedModal />
    </AppShell>
  );
}

import type { ReactNode } from 'react';

// Line icons drawn for Müse (24 px grid, currentColor). Always decorative: the control that
// holds one carries the accessible name.

function Icon({ children, size = 24 }: { children: ReactNode; size?: number }) {
  return (
    <svg
      className="icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const MenuIcon = () => (
  <Icon>
    <path d="M4 7h16M4 12h16M4 17h10" />
  </Icon>
);

export const GlobeIcon = () => (
  <Icon>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z" />
  </Icon>
);

export const BackIcon = () => (
  <Icon>
    <path d="M15 5l-7 7 7 7" />
  </Icon>
);

export const CloseIcon = () => (
  <Icon>
    <path d="M6 6l12 12M18 6L6 18" />
  </Icon>
);

export const SunIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2.5v2M12 19.5v2M2.5 12h2M19.5 12h2M5.3 5.3l1.4 1.4M17.3 17.3l1.4 1.4M5.3 18.7l1.4-1.4M17.3 6.7l1.4-1.4" />
  </Icon>
);

export const PlusIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 8v8M8 12h8" />
  </Icon>
);

export const ShuffleIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path d="M3 7h3.5c4.5 0 6.5 10 11 10H21M3 17h3.5c1.6 0 2.8-1.2 3.8-2.8M13.7 9.8C14.7 8.2 15.9 7 17.5 7H21M18 4l3 3-3 3M18 14l3 3-3 3" />
  </Icon>
);

export const BookIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path d="M4 5.5C4 4.7 4.7 4 5.5 4H11v16H5.5c-.8 0-1.5-.7-1.5-1.5v-13zM20 5.5c0-.8-.7-1.5-1.5-1.5H13v16h5.5c.8 0 1.5-.7 1.5-1.5v-13z" />
  </Icon>
);

export const LeafIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path d="M5 19c0-8 5-13 14-14-1 9-6 14-14 14zM5 19l7-7" />
  </Icon>
);

export const DownloadIcon = () => (
  <Icon>
    <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
  </Icon>
);

export const FilterIcon = () => (
  <Icon>
    <path d="M4 7h16M7 12h10M10 17h4" />
  </Icon>
);

export const SearchIcon = () => (
  <Icon>
    <circle cx="11" cy="11" r="6.5" />
    <path d="M16 16l4 4" />
  </Icon>
);

export const FlameIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path d="M12 21c-3.9 0-7-2.8-7-6.6 0-3.1 2-5.2 3.6-7 .4 1.6 1.2 2.7 2.4 3.3C11 7 12.6 4.6 15 3c-.3 3 .8 4.6 2.1 6.2 1.1 1.4 1.9 3 1.9 5.2 0 3.8-3.1 6.6-7 6.6z" />
  </Icon>
);

export const MoreIcon = () => (
  <Icon>
    <circle cx="5.5" cy="12" r="1.2" fill="currentColor" />
    <circle cx="12" cy="12" r="1.2" fill="currentColor" />
    <circle cx="18.5" cy="12" r="1.2" fill="currentColor" />
  </Icon>
);

export const HeartIcon = ({ filled = false }: { filled?: boolean }) => (
  <Icon>
    <path
      d="M12 20s-7.5-4.6-7.5-10.1C4.5 7.2 6.5 5 9 5c1.5 0 2.5.8 3 1.8.5-1 1.5-1.8 3-1.8 2.5 0 4.5 2.2 4.5 4.9C19.5 15.4 12 20 12 20z"
      fill={filled ? 'currentColor' : 'none'}
    />
  </Icon>
);

export const FlagIcon = ({ filled = false }: { filled?: boolean }) => (
  <Icon>
    <path d="M5 21V4" />
    <path d="M5 4h11l-2 4 2 4H5" fill={filled ? 'currentColor' : 'none'} />
  </Icon>
);

// One icon per default category (issue 35): the tiles told apart at a glance.

export const GiftIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <rect x="4" y="9" width="16" height="11" rx="1.5" />
    <path d="M3 9h18M12 9v11M12 9c-1.5-3.5-5.5-4.5-5.5-2s3 2 5.5 2zM12 9c1.5-3.5 5.5-4.5 5.5-2s-3 2-5.5 2z" />
  </Icon>
);

export const SproutIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path d="M12 21v-9M12 12c0-4 2.5-6.5 7-6.5 0 4.5-2.5 6.5-7 6.5zM12 15c0-3-2-5-6-5 0 3.5 2 5 6 5zM7 21h10" />
  </Icon>
);

export const TreeIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path d="M12 3c-3.3 0-6 2.5-6 5.6 0 .9.2 1.7.6 2.4A3.8 3.8 0 0 0 8 18h8a3.8 3.8 0 0 0 1.4-7c.4-.7.6-1.5.6-2.4C18 5.5 15.3 3 12 3z" />
    <path d="M12 21v-9M12 14.5l-2.5-2M12 16l2.5-2.5" />
  </Icon>
);

export const QuoteIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path d="M10 7c-3 1-5 3.5-5 7v3h5v-5H7M19 7c-3 1-5 3.5-5 7v3h5v-5h-3" />
  </Icon>
);

export const PersonIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4.5 20.5c.8-4 3.8-6.5 7.5-6.5s6.7 2.5 7.5 6.5" />
  </Icon>
);

export const CalendarIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <rect x="4" y="5" width="16" height="15" rx="2" />
    <path d="M4 10h16M8.5 3v4M15.5 3v4" />
    <circle cx="12" cy="15" r="1.6" fill="currentColor" />
  </Icon>
);

export const BriefcaseIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <rect x="3.5" y="7.5" width="17" height="12" rx="2" />
    <path d="M9 7.5V6a1.5 1.5 0 0 1 1.5-1.5h3A1.5 1.5 0 0 1 15 6v1.5M3.5 13h17M11 13v1.5h2V13" />
  </Icon>
);

export const CheckIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path d="M5 12.5l4.5 4.5L19 7.5" />
  </Icon>
);

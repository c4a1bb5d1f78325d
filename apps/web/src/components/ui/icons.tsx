import type { SVGProps } from 'react';

/**
 * The storefront's icons as inline SVG (no icon font, no icon library in the first load). Decorative by default:
 * `aria-hidden`, sized by the surrounding font (1em) unless a class sizes them.
 */
type TIconProps = SVGProps<SVGSVGElement>;

function Svg({ children, viewBox = '0 0 24 24', ...props }: TIconProps) {
  return (
    <svg
      width="1em"
      height="1em"
      viewBox={viewBox}
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

export function CloseIcon(props: TIconProps) {
  return (
    <Svg {...props}>
      <path d="M18.3 5.7a1 1 0 0 0-1.4 0L12 10.6 7.1 5.7a1 1 0 1 0-1.4 1.4l4.9 4.9-4.9 4.9a1 1 0 1 0 1.4 1.4l4.9-4.9 4.9 4.9a1 1 0 0 0 1.4-1.4L13.4 12l4.9-4.9a1 1 0 0 0 0-1.4Z" />
    </Svg>
  );
}

export function CheckCircleIcon(props: TIconProps) {
  return (
    <Svg {...props}>
      <path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm4.7 7.7-5.5 5.6a1 1 0 0 1-1.4 0l-2.5-2.5a1 1 0 1 1 1.4-1.4l1.8 1.8 4.8-4.9a1 1 0 1 1 1.4 1.4Z" />
    </Svg>
  );
}

export function ErrorCircleIcon(props: TIconProps) {
  return (
    <Svg {...props}>
      <path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm3.7 12.3a1 1 0 0 1-1.4 1.4L12 13.4l-2.3 2.3a1 1 0 0 1-1.4-1.4l2.3-2.3-2.3-2.3a1 1 0 0 1 1.4-1.4l2.3 2.3 2.3-2.3a1 1 0 0 1 1.4 1.4L13.4 12l2.3 2.3Z" />
    </Svg>
  );
}

export function InfoCircleIcon(props: TIconProps) {
  return (
    <Svg {...props}>
      <path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm1 15a1 1 0 1 1-2 0v-5a1 1 0 1 1 2 0v5Zm-1-8.5a1.25 1.25 0 1 1 0-2.5 1.25 1.25 0 0 1 0 2.5Z" />
    </Svg>
  );
}

export function WarningIcon(props: TIconProps) {
  return (
    <Svg {...props}>
      <path d="M12.9 3.5a1 1 0 0 0-1.8 0l-9 16A1 1 0 0 0 3 21h18a1 1 0 0 0 .9-1.5l-9-16ZM13 17a1 1 0 1 1-2 0 1 1 0 0 1 2 0Zm-1-3a1 1 0 0 1-1-1V9a1 1 0 1 1 2 0v4a1 1 0 0 1-1 1Z" />
    </Svg>
  );
}

export function GlobeIcon(props: TIconProps) {
  return (
    <Svg {...props}>
      <path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm6.9 9h-3a15.6 15.6 0 0 0-1.3-6 8 8 0 0 1 4.3 6ZM12 4.1c.9 1.2 1.8 3.6 1.9 6.9h-3.8c.1-3.3 1-5.7 1.9-6.9ZM9.4 5a15.6 15.6 0 0 0-1.3 6h-3a8 8 0 0 1 4.3-6Zm-4.3 8h3a15.6 15.6 0 0 0 1.3 6 8 8 0 0 1-4.3-6Zm6.9 6.9c-.9-1.2-1.8-3.6-1.9-6.9h3.8c-.1 3.3-1 5.7-1.9 6.9Zm2.6-.9a15.6 15.6 0 0 0 1.3-6h3a8 8 0 0 1-4.3 6Z" />
    </Svg>
  );
}

export function MenuIcon(props: TIconProps) {
  return (
    <Svg {...props}>
      <path d="M3 6a1 1 0 0 1 1-1h16a1 1 0 1 1 0 2H4a1 1 0 0 1-1-1Zm0 6a1 1 0 0 1 1-1h16a1 1 0 1 1 0 2H4a1 1 0 0 1-1-1Zm1 5a1 1 0 1 0 0 2h16a1 1 0 1 0 0-2H4Z" />
    </Svg>
  );
}

export function ExternalIcon(props: TIconProps) {
  return (
    <Svg {...props}>
      <path d="M14 3a1 1 0 1 0 0 2h3.6l-7.3 7.3a1 1 0 1 0 1.4 1.4L19 6.4V10a1 1 0 1 0 2 0V4a1 1 0 0 0-1-1h-6ZM5 5a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-5a1 1 0 1 0-2 0v5H5V7h5a1 1 0 1 0 0-2H5Z" />
    </Svg>
  );
}

export function CopyIcon(props: TIconProps) {
  return (
    <Svg {...props}>
      <path d="M9 2a2 2 0 0 0-2 2v2h2V4h11v11h-2v2h2a2 2 0 0 0 2-2V4a2 2 0 0 0-2-2H9ZM4 7a2 2 0 0 0-2 2v11a2 2 0 0 0 2 2h11a2 2 0 0 0 2-2V9a2 2 0 0 0-2-2H4Zm0 2h11v11H4V9Z" />
    </Svg>
  );
}

export function ChevronDownIcon(props: TIconProps) {
  return (
    <Svg {...props}>
      <path d="M5.3 8.3a1 1 0 0 1 1.4 0l5.3 5.3 5.3-5.3a1 1 0 1 1 1.4 1.4l-6 6a1 1 0 0 1-1.4 0l-6-6a1 1 0 0 1 0-1.4Z" />
    </Svg>
  );
}

export function ChevronLeftIcon(props: TIconProps) {
  return (
    <Svg {...props}>
      <path d="M15.7 5.3a1 1 0 0 1 0 1.4L10.4 12l5.3 5.3a1 1 0 1 1-1.4 1.4l-6-6a1 1 0 0 1 0-1.4l6-6a1 1 0 0 1 1.4 0Z" />
    </Svg>
  );
}

export function ChevronRightIcon(props: TIconProps) {
  return (
    <Svg {...props}>
      <path d="M8.3 5.3a1 1 0 0 1 1.4 0l6 6a1 1 0 0 1 0 1.4l-6 6a1 1 0 1 1-1.4-1.4l5.3-5.3-5.3-5.3a1 1 0 0 1 0-1.4Z" />
    </Svg>
  );
}

export function EyeIcon(props: TIconProps) {
  return (
    <Svg {...props}>
      <path d="M12 5C6.5 5 2.7 9.4 1.6 11.4a1.2 1.2 0 0 0 0 1.2C2.7 14.6 6.5 19 12 19s9.3-4.4 10.4-6.4a1.2 1.2 0 0 0 0-1.2C21.3 9.4 17.5 5 12 5Zm0 11a4 4 0 1 1 0-8 4 4 0 0 1 0 8Zm0-2a2 2 0 1 0 0-4 2 2 0 0 0 0 4Z" />
    </Svg>
  );
}

export function EyeOffIcon(props: TIconProps) {
  return (
    <Svg {...props}>
      <path d="M3.7 2.3a1 1 0 0 0-1.4 1.4l3 3C3.6 8.1 2.3 9.9 1.6 11.4a1.2 1.2 0 0 0 0 1.2C2.7 14.6 6.5 19 12 19c1.9 0 3.6-.5 5-1.3l3.3 3.3a1 1 0 0 0 1.4-1.4l-18-18ZM12 16a4 4 0 0 1-3.9-4.9l1.6 1.6a2 2 0 0 0 2.6 2.6l1.6 1.6c-.6.1-1.2.2-1.9.1Zm10.4-4.6C21.3 9.4 17.5 5 12 5c-1.1 0-2.2.2-3.2.5l2.3 2.3.9-.1a4 4 0 0 1 4 4.9l3 3c1.6-1.3 2.8-2.9 3.4-3.9a1.2 1.2 0 0 0 0-1.3Z" />
    </Svg>
  );
}

export function FacebookIcon(props: TIconProps) {
  return (
    <Svg {...props}>
      <path d="M22 12a10 10 0 1 0-11.6 9.9v-7H7.9V12h2.5V9.8c0-2.5 1.5-3.9 3.8-3.9 1.1 0 2.2.2 2.2.2v2.5h-1.2c-1.2 0-1.6.8-1.6 1.6V12h2.8l-.4 2.9h-2.3v7A10 10 0 0 0 22 12Z" />
    </Svg>
  );
}

export function InstagramIcon(props: TIconProps) {
  return (
    <Svg {...props}>
      <path d="M12 7.3a4.7 4.7 0 1 0 0 9.4 4.7 4.7 0 0 0 0-9.4Zm0 7.7a3 3 0 1 1 0-6 3 3 0 0 1 0 6Zm6-7.9a1.1 1.1 0 1 1-2.2 0 1.1 1.1 0 0 1 2.2 0ZM21.9 8c-.1-1.5-.4-2.8-1.5-3.9S18 2.6 16.5 2.5C15 2.4 9 2.4 7.5 2.5 6 2.6 4.7 2.9 3.6 4S2.1 6.5 2 8c-.1 1.5-.1 6.5 0 8 .1 1.5.4 2.8 1.5 3.9s2.4 1.4 3.9 1.5c1.5.1 7.5.1 9 0 1.5-.1 2.8-.4 3.9-1.5s1.4-2.4 1.5-3.9c.1-1.5.1-6.5.1-8Zm-2.1 10.5a3 3 0 0 1-1.7 1.7c-1.2.5-4 .4-5.3.4s-4.1.1-5.3-.4a3 3 0 0 1-1.7-1.7c-.5-1.2-.4-4-.4-5.3s-.1-4.1.4-5.3A3 3 0 0 1 5.5 6.2c1.2-.5 4-.4 5.3-.4s4.1-.1 5.3.4a3 3 0 0 1 1.7 1.7c.5 1.2.4 4 .4 5.3s.1 4.1-.4 5.3Z" />
    </Svg>
  );
}

export function TikTokIcon(props: TIconProps) {
  return (
    <Svg {...props}>
      <path d="M16.6 5.8A4.3 4.3 0 0 1 15.5 3h-3.1v12.4a2.6 2.6 0 1 1-1.8-2.5V9.7a5.7 5.7 0 1 0 4.9 5.7V9.1a7.3 7.3 0 0 0 4.3 1.4V7.4s-1.9.1-3.2-1.6Z" />
    </Svg>
  );
}

export function ClockCircleIcon(props: TIconProps) {
  return (
    <Svg {...props}>
      <path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm1 10.6 3.2 2.3a1 1 0 1 1-1.2 1.6l-3.6-2.6A1 1 0 0 1 11 13V7a1 1 0 1 1 2 0v5.6Z" />
    </Svg>
  );
}

export function ExclamationCircleIcon(props: TIconProps) {
  return (
    <Svg {...props}>
      <path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm-1 5a1 1 0 1 1 2 0v6a1 1 0 1 1-2 0V7Zm1 11a1.25 1.25 0 1 1 0-2.5 1.25 1.25 0 0 1 0 2.5Z" />
    </Svg>
  );
}

export function MinusCircleIcon(props: TIconProps) {
  return (
    <Svg {...props}>
      <path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm4 11H8a1 1 0 1 1 0-2h8a1 1 0 1 1 0 2Z" />
    </Svg>
  );
}

export function FireIcon(props: TIconProps) {
  return (
    <Svg {...props}>
      <path d="M13.5 1.7a.8.8 0 0 0-1.3.6c0 2.6-1.3 4.2-2.8 5.9C7.8 10 6 12 6 15a6 6 0 0 0 12 0c0-2.3-1-4.2-2-5.5a.8.8 0 0 0-1.4.4c-.1 1-.6 1.8-1.3 2.3.4-3.3-.3-7-3.8-10.5Zm-1.5 19a3 3 0 0 1-3-3c0-1.6 1-2.8 2-3.9.3 1 1 1.8 2 2.2a.8.8 0 0 0 1-.4l.4-.8A4 4 0 0 1 15 17.7a3 3 0 0 1-3 3Z" />
    </Svg>
  );
}

export function LockIcon(props: TIconProps) {
  return (
    <Svg {...props}>
      <path d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5Zm-3 5a3 3 0 1 1 6 0v3H9V7Zm3 6a2 2 0 0 1 1 3.7V18a1 1 0 1 1-2 0v-1.3A2 2 0 0 1 12 13Z" />
    </Svg>
  );
}

export function SearchIcon(props: TIconProps) {
  return (
    <Svg {...props}>
      <path d="M10.5 3a7.5 7.5 0 1 0 4.6 13.4l4.2 4.3a1 1 0 0 0 1.4-1.4l-4.3-4.2A7.5 7.5 0 0 0 10.5 3Zm-5.5 7.5a5.5 5.5 0 1 1 11 0 5.5 5.5 0 0 1-11 0Z" />
    </Svg>
  );
}

export function SyncIcon(props: TIconProps) {
  return (
    <Svg {...props}>
      <path d="M12 4a8 8 0 0 0-7.7 5.8 1 1 0 1 0 1.9.6A6 6 0 0 1 16.9 8H15a1 1 0 1 0 0 2h4a1 1 0 0 0 1-1V5a1 1 0 1 0-2 0v1.4A8 8 0 0 0 12 4Zm7 9a1 1 0 0 0-1.2.7A6 6 0 0 1 7.1 16H9a1 1 0 1 0 0-2H5a1 1 0 0 0-1 1v4a1 1 0 1 0 2 0v-1.4a8 8 0 0 0 13.7-3.4A1 1 0 0 0 19 13Z" />
    </Svg>
  );
}

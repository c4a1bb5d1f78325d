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

/** Outline icons drawn with a 2 px stroke in the text colour. */
function StrokeSvg(props: TIconProps) {
  return (
    <Svg
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      {...props}
    />
  );
}

export function LocationIcon(props: TIconProps) {
  return (
    <StrokeSvg {...props}>
      <path d="M12 21s-7-6.2-7-12a7 7 0 0 1 14 0c0 5.8-7 12-7 12Z" />
      <circle cx="12" cy="9" r="2.5" />
    </StrokeSvg>
  );
}

export function ClockIcon(props: TIconProps) {
  return (
    <StrokeSvg {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </StrokeSvg>
  );
}

export function ChatIcon(props: TIconProps) {
  return (
    <StrokeSvg {...props}>
      <path d="M21 12a8.5 8.5 0 0 1-12.3 7.6L3.5 21l1.4-4.9A8.5 8.5 0 1 1 21 12Z" />
    </StrokeSvg>
  );
}

export function MailIcon(props: TIconProps) {
  return (
    <StrokeSvg {...props}>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3 7 9 6 9-6" />
    </StrokeSvg>
  );
}

export function SendIcon(props: TIconProps) {
  return (
    <StrokeSvg {...props}>
      <path d="M21 3 10 14" />
      <path d="m21 3-7 18-4-7-7-4 18-7Z" />
    </StrokeSvg>
  );
}

export function ArrowRightIcon(props: TIconProps) {
  return (
    <Svg {...props}>
      <path d="M12 4l-1.41 1.41L16.17 11H4v2h12.17l-5.58 5.59L12 20l8-8z" />
    </Svg>
  );
}

export function PauseIcon(props: TIconProps) {
  return (
    <Svg {...props}>
      <path d="M6 19h4V5H6v14zm8-14v14h4V5h-4z" />
    </Svg>
  );
}

export function PlayIcon(props: TIconProps) {
  return (
    <Svg {...props}>
      <path d="M8 5v14l11-7z" />
    </Svg>
  );
}

export function HomeIcon(props: TIconProps) {
  return (
    <Svg {...props}>
      <path d="M10 20v-6h4v6h5v-8h3L12 3 2 12h3v8z" />
    </Svg>
  );
}

export function ToolIcon(props: TIconProps) {
  return (
    <Svg {...props}>
      <path d="M22.7 19l-9.1-9.1c.9-2.3.4-5-1.5-6.9-2-2-5-2.4-7.4-1.3L9 6 6 9 1.6 4.7C.4 7.1.9 10.1 2.9 12.1c1.9 1.9 4.6 2.4 6.9 1.5l9.1 9.1c.4.4 1 .4 1.4 0l2.3-2.3c.5-.4.5-1.1.1-1.4z" />
    </Svg>
  );
}

export function ShopIcon(props: TIconProps) {
  return (
    <Svg {...props}>
      <path d="M20 4H4v2h16V4zm1 10v-2l-1-5H4l-1 5v2h1v6h10v-6h4v6h2v-6h1zm-9 4H6v-4h6v4z" />
    </Svg>
  );
}

export function TeamIcon(props: TIconProps) {
  return (
    <Svg {...props}>
      <path d="M16 11c1.66 0 2.99-1.34 2.99-3S17.66 5 16 5c-1.66 0-3 1.34-3 3s1.34 3 3 3zm-8 0c1.66 0 2.99-1.34 2.99-3S9.66 5 8 5C6.34 5 5 6.34 5 8s1.34 3 3 3zm0 2c-2.33 0-7 1.17-7 3.5V19h14v-2.5c0-2.33-4.67-3.5-7-3.5zm8 0c-.29 0-.62.02-.97.05 1.16.84 1.97 1.97 1.97 3.45V19h6v-2.5c0-2.33-4.67-3.5-7-3.5z" />
    </Svg>
  );
}

export function GiftIcon(props: TIconProps) {
  return (
    <Svg {...props}>
      <path d="M20 6h-2.18c.11-.31.18-.65.18-1 0-1.66-1.34-3-3-3-1.05 0-1.96.54-2.5 1.35l-.5.67-.5-.68C10.96 2.54 10.05 2 9 2 7.34 2 6 3.34 6 5c0 .35.07.69.18 1H4c-1.11 0-1.99.89-1.99 2L2 19c0 1.11.89 2 2 2h16c1.11 0 2-.89 2-2V8c0-1.11-.89-2-2-2zm-5-2c.55 0 1 .45 1 1s-.45 1-1 1-1-.45-1-1 .45-1 1-1zM9 4c.55 0 1 .45 1 1s-.45 1-1 1-1-.45-1-1 .45-1 1-1zm11 15H4v-2h16v2zm0-5H4V8h5.08L7 10.83 8.62 12 11 8.76l1-1.36 1 1.36L15.38 12 17 10.83 14.92 8H20v6z" />
    </Svg>
  );
}

export function ShieldCheckIcon(props: TIconProps) {
  return (
    <Svg {...props}>
      <path d="M12 1L3 5v6c0 5.55 3.84 10.74 9 12 5.16-1.26 9-6.45 9-12V5l-9-4zm-2 16l-4-4 1.41-1.41L10 14.17l6.59-6.59L18 9l-8 8z" />
    </Svg>
  );
}

export function HeadsetIcon(props: TIconProps) {
  return (
    <Svg {...props}>
      <path d="M12 1c-4.97 0-9 4.03-9 9v7c0 1.66 1.34 3 3 3h3v-8H5v-2c0-3.87 3.13-7 7-7s7 3.13 7 7v2h-4v8h4v1h-7v2h6c1.66 0 3-1.34 3-3V10c0-4.97-4.03-9-9-9z" />
    </Svg>
  );
}

export function TargetIcon(props: TIconProps) {
  return (
    <Svg {...props}>
      <path d="M12 8c-2.21 0-4 1.79-4 4s1.79 4 4 4 4-1.79 4-4-1.79-4-4-4zm8.94 3A8.994 8.994 0 0 0 13 3.06V1h-2v2.06A8.994 8.994 0 0 0 3.06 11H1v2h2.06A8.994 8.994 0 0 0 11 20.94V23h2v-2.06A8.994 8.994 0 0 0 20.94 13H23v-2h-2.06zM12 19c-3.87 0-7-3.13-7-7s3.13-7 7-7 7 3.13 7 7-3.13 7-7 7z" />
    </Svg>
  );
}

export function HeartIcon(props: TIconProps) {
  return (
    <Svg {...props}>
      <path d="M12 21.35l-1.45-1.32C5.4 15.36 2 12.28 2 8.5 2 5.42 4.42 3 7.5 3c1.74 0 3.41.81 4.5 2.09C13.09 3.81 14.76 3 16.5 3 19.58 3 22 5.42 22 8.5c0 3.78-3.4 6.86-8.55 11.54L12 21.35z" />
    </Svg>
  );
}

export function PhoneIcon(props: TIconProps) {
  return (
    <Svg {...props}>
      <path d="M6.62 10.79c1.44 2.83 3.76 5.14 6.59 6.59l2.2-2.2c.27-.27.67-.36 1.02-.24 1.12.37 2.33.57 3.57.57.55 0 1 .45 1 1V20c0 .55-.45 1-1 1-9.39 0-17-7.61-17-17 0-.55.45-1 1-1h3.5c.55 0 1 .45 1 1 0 1.25.2 2.45.57 3.57.11.35.03.74-.25 1.02l-2.2 2.2z" />
    </Svg>
  );
}

export function LoginIcon(props: TIconProps) {
  return (
    <Svg {...props}>
      <path d="M14 3h5a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-5v-2h5V5h-5V3Zm-3.3 3.3 5 5a1 1 0 0 1 0 1.4l-5 5-1.4-1.4 3.3-3.3H3v-2h9.6L9.3 7.7l1.4-1.4Z" />
    </Svg>
  );
}

export function UserAddIcon(props: TIconProps) {
  return (
    <Svg {...props}>
      <path d="M9 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm0 2c-3.3 0-7 1.7-7 4v2h14v-2c0-2.3-3.7-4-7-4Zm10-4V7h-2v3h-3v2h3v3h2v-3h3v-2h-3Z" />
    </Svg>
  );
}

export function KeyIcon(props: TIconProps) {
  return (
    <Svg {...props}>
      <path
        fillRule="evenodd"
        d="M12.7 10A6 6 0 1 0 12.7 14H16v3h3v-3h2v-4h-8.3ZM7 14a2 2 0 1 1 0-4 2 2 0 0 1 0 4Z"
      />
    </Svg>
  );
}

export function ArrowLeftIcon(props: TIconProps) {
  return (
    <Svg {...props}>
      <path d="M20 11H7.8l5.6-5.6L12 4l-8 8 8 8 1.4-1.4L7.8 13H20v-2Z" />
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

import './avatar.css';

export type AvatarProps = {
  /** The picture's URL ('' for none). */
  picture: string;
  /** The person's name: its first letter stands in when there is no picture. */
  name: string;
  size?: number;
  /** Alt text; '' (the default) when the name is said beside it. */
  alt?: string;
};

/** A round profile picture, or the first letter of the name on a soft disc. */
export function Avatar({ picture, name, size = 48, alt = '' }: AvatarProps) {
  const style = { width: size, height: size, fontSize: Math.round(size * 0.42) };
  if (picture) {
    return <img className="avatar" src={picture} alt={alt} width={size} height={size} />;
  }
  const initial = [...name.trim()][0]?.toUpperCase() ?? '';
  return (
    <span
      className="avatar avatar-initial"
      style={style}
      {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}
    >
      {initial || (
        <svg viewBox="0 0 24 24" width="55%" height="55%" fill="none" aria-hidden="true">
          <circle cx="12" cy="8.5" r="4" stroke="currentColor" strokeWidth="1.8" />
          <path
            d="M4.5 20c1.3-3.6 4.1-5.5 7.5-5.5s6.2 1.9 7.5 5.5"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
          />
        </svg>
      )}
    </span>
  );
}

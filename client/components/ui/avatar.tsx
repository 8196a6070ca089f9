import { avatarColors, initials } from '../../lib/avatar-colors.js';
import { SignedImage } from './signed-image.js';

/** The person's photo when they have one; otherwise initials on a colour pair that stays the same for them everywhere. */
export function Avatar({ userId, name, size = 40, imageUrl }: { userId: string; name: string; size?: number; imageUrl?: string | null }) {
  if (imageUrl) return <SignedImage src={imageUrl} alt="" width={size} height={size} className="avatar avatar-photo" />;
  const [background, color] = avatarColors(userId);
  return (
    <span className="avatar" aria-hidden="true" style={{ background, color, width: size, height: size, fontSize: Math.round(size * 0.4) }}>
      {initials(name)}
    </span>
  );
}

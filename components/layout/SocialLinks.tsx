import { Icon, type IconName } from "@/components/ui/Icon";

const NETWORKS: { type: string; label: string; icon: IconName }[] = [
  { type: "facebook_link", label: "Facebook", icon: "facebook" },
  { type: "instagram_link", label: "Instagram", icon: "instagram" },
  { type: "twitter_link", label: "X (Twitter)", icon: "twitter" },
  { type: "youtube_link", label: "YouTube", icon: "youtube" },
  { type: "linkedin_link", label: "LinkedIn", icon: "linkedin" },
];

/** Social links from the business settings, plus the chat link built from the phone number. */
export function SocialLinks({ settings, chat, className = "" }: { settings: Record<string, string>; chat?: string; className?: string }) {
  const links = NETWORKS.filter((n) => settings[n.type]);
  return (
    <ul className={`flex flex-wrap gap-2 ${className}`} aria-label="Social links">
      {links.map((n) => (
        <li key={n.type}>
          <a href={settings[n.type]} target="_blank" rel="noopener noreferrer" aria-label={n.label} className="inline-flex h-9 w-9 items-center justify-center rounded-full border border-current/30 hover:bg-white/10">
            <Icon name={n.icon} size={18} />
          </a>
        </li>
      ))}
      {chat ? (
        <li>
          <a href={chat} target="_blank" rel="noopener noreferrer" aria-label="Chat on WhatsApp" className="inline-flex h-9 w-9 items-center justify-center rounded-full border border-current/30 hover:bg-white/10">
            <Icon name="whatsapp" size={18} />
          </a>
        </li>
      ) : null}
    </ul>
  );
}

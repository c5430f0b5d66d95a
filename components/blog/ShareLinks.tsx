import { Icon } from "@/components/ui/Icon";
import { shareLinks } from "./share-links";

/** Social icons under an article; each opens the network's share dialog for this post. */
export function ShareLinks({ url, title }: { url: string; title: string }) {
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Share this article">
      {shareLinks(url, title).map((link) => (
        <li key={link.network}>
          <a
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={link.label}
            className="inline-flex h-9 w-9 items-center justify-center rounded-full border border-ink/15 text-navy transition hover:border-saffron hover:text-saffron-dark"
          >
            <Icon name={link.network} size={18} />
          </a>
        </li>
      ))}
    </ul>
  );
}

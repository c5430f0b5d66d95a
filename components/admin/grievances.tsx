import { describeTimer, type GrievanceTimer } from "@/lib/content/grievance-rules";
import { formatDateTime } from "./format";
import { Badge } from "./ui";

/** A grievance timer as the desk reads it: "due in 1 day 4 h" (amber), "3 h overdue" (red), "done in time" (green). */
export function GrievanceTimerBadge({ timer }: { timer: GrievanceTimer }) {
  const tone = timer.left_ms === null ? (timer.overdue ? "red" : "green") : timer.overdue ? "red" : "amber";
  return (
    <span className="whitespace-nowrap" data-overdue={timer.overdue ? "true" : "false"}>
      <Badge tone={tone}>{describeTimer(timer)}</Badge>
      <span className="block text-xs text-slate-600">by {formatDateTime(timer.due_at)}</span>
    </span>
  );
}

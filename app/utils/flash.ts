/** A message for the user: the spec's toasts (title plus optional description; errors in the destructive style). */
export type Flash = { kind: "success" | "error"; title: string; description?: string };

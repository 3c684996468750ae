/* The addresses of the class competition's pages (docs/product.md#class-competition), for a teacher or an admin. */

import { COMPETITION_MESSAGES as M } from "~/utils/competition-messages";

/** The competitions list's title and description, the same in both areas. */
export const COMPETITIONS_PAGE = { title: M.listTitle, description: "Classes of a school play against each other." };

export type CompetitionArea = "teacher" | "admin";

export type CompetitionLinks = {
  list: string;
  standings: (id: string) => string;
  certificate: (id: string) => string;
  cancel: (id: string) => string;
};

export function competitionLinks(area: CompetitionArea, schoolId: string): CompetitionLinks {
  const base = area === "admin" ? "/admin" : "/teacher-dashboard";
  const one = (id: string) => `?id=${encodeURIComponent(id)}`;
  return {
    list: area === "admin" ? `/admin/competitions?school=${encodeURIComponent(schoolId)}` : `${base}/competitions`,
    standings: (id) => `${base}/competition${one(id)}`,
    certificate: (id) => `${base}/competition/certificate${one(id)}`,
    cancel: (id) => `${base}/competition${one(id)}&cancel=1`,
  };
}

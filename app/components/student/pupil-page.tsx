import type { ReactNode } from "react";
import { StudentBannerView } from "~/components/student/student-banner";
import type { StudentBanner } from "~/types/student";

/** A pupil's game page under their banner (docs/product.md#student-game); a page without a pupil has none. */
export function PupilPage({ banner, children }: { banner: StudentBanner | null; children: ReactNode }) {
  return (
    <div className="student-page">
      {banner ? <StudentBannerView banner={banner} /> : null}
      {children}
    </div>
  );
}

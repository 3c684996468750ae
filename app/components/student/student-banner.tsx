import type { StudentBanner } from "~/types/student";
import { STUDENT_MESSAGES as M } from "~/utils/student-messages";

/**
 * The welcome banner of the pupils' pages (docs/product.md#students): their name, class, teacher and school, the
 * school's and class's logos when they are set, and Logout (a POST, so a link elsewhere cannot log anyone out).
 */
export function StudentBannerView({ banner, heading }: { banner: StudentBanner; heading?: string }) {
  return (
    <section className="student-banner" aria-labelledby="student-banner-heading">
      <div className="student-banner-logos">
        {banner.schoolLogoUrl ? (
          <img className="student-logo" src={banner.schoolLogoUrl} alt={`${banner.schoolName} logo`} />
        ) : null}
        {banner.classLogoUrl ? (
          <img className="student-logo" src={banner.classLogoUrl} alt={`${banner.className} logo`} />
        ) : null}
      </div>
      <div className="student-banner-text">
        <h1 id="student-banner-heading">{heading ?? M.hello(banner.name)}</h1>
        <dl className="student-banner-facts">
          <div>
            <dt>Class</dt>
            <dd>{banner.className}</dd>
          </div>
          <div>
            <dt>Teacher</dt>
            <dd>{banner.teacherName}</dd>
          </div>
          <div>
            <dt>School</dt>
            <dd>{banner.schoolName}</dd>
          </div>
        </dl>
      </div>
      <form method="post" action="/student-logout" className="student-logout">
        <button type="submit" className="button button-secondary">
          {M.logout}
        </button>
      </form>
    </section>
  );
}

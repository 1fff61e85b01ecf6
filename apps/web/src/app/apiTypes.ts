import type {
  Announcement,
  CompanyList,
  CompanyOption,
  IndexResult,
  LanguageVersionResult,
  MasterInfo,
  MenuGroup,
  MenuItem,
} from '@ems/contracts';
import type { z } from 'zod';

/** Response types of the calls the web makes, inferred from the shared schemas. */
export type IndexInfo = z.infer<typeof IndexResult>;
export type AnnouncementRow = z.infer<typeof Announcement>;
export type CompanyRow = z.infer<typeof CompanyOption>;
export type CompanyListResult = z.infer<typeof CompanyList>;
export type MasterInfoResult = z.infer<typeof MasterInfo>;
export type MenuGroupRow = z.infer<typeof MenuGroup>;
export type MenuItemRow = z.infer<typeof MenuItem>;
export type LanguageVersion = z.infer<typeof LanguageVersionResult>;
export interface Success {
  Success: true;
}

import { Column, Entity, Index, PrimaryColumn } from "typeorm";

/** A language a student speaks; searchable by its lower-cased key. */
@Entity("user_languages")
@Index("idx_user_languages_owner", ["userId"])
@Index("idx_user_languages_search", ["languageKey", "userId"])
export class UserLanguage {
  @PrimaryColumn("varchar", { length: 36 })
  id: string;

  @Column("varchar", { length: 36 })
  userId: string;

  @Column("int")
  position: number;

  @Column("varchar", { length: 30 })
  language: string;

  @Column("varchar", { length: 30 })
  languageKey: string;
}

# stockade-expect: annotated
class NotesRepo
  def initialize(db)
    @db = db
  end

  def all
    @db[:notes].all
  end

  def by_tag(tag)
    # ok: ruby.sql-injection-parameter
    @db[:notes].where(tag: tag).all
  end

  def sorted(column)
    # ruleid: ruby.sql-injection-parameter
    @db.fetch("SELECT * FROM notes ORDER BY #{column}").all
  end

  def count_for(user_id)
    # ok: ruby.sql-injection-parameter
    @db.fetch("SELECT count(*) AS n FROM notes WHERE user_id = ?", user_id).first[:n]
  end

  def create(attrs, meta)
    @db[:notes].insert(title: attrs["title"], body: attrs["body"], meta: meta.to_json)
  end

  def backup(path)
    # ruleid: ruby.command-injection-parameter
    system("sqlite3 notes.db .dump > #{path}")
    # ok: ruby.command-injection-parameter
    system("sqlite3", "notes.db", ".backup", path)
  end
end

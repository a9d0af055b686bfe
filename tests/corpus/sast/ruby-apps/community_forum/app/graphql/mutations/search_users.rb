# stockade-expect: annotated
module Mutations
  class SearchUsers < BaseMutation
    argument :query, String, required: true
    argument :sort, String, required: false

    def resolve(query:, sort: "name")
      # ruleid: ruby.sql-injection
      users = User.where("name ILIKE '%#{query}%'")
      # ok: ruby.sql-injection
      users = users.where("email ILIKE ?", "%#{User.sanitize_sql_like(query)}%") if query.include?("@")
      # ruleid: ruby.sql-injection
      { users: users.order(sort) }
    end
  end
end

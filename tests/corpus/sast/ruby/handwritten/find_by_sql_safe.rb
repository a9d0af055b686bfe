# stockade-expect: safe CWE-89
class SearchController < ApplicationController
  def index
    term = params[:q]
    @products = Product.find_by_sql(["SELECT * FROM products WHERE name LIKE ?", "%#{term}%"])
  end
end

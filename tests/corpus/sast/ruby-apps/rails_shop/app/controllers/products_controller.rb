# stockade-expect: annotated
class ProductsController < ApplicationController
  SORTABLE = %w[name price created_at].freeze
  before_action :set_product, only: %i[show edit update destroy]

  def index
    scope = Product.visible
    if params[:q].present?
      # ruleid: ruby.sql-injection
      scope = scope.where("name ILIKE '%#{params[:q]}%' OR sku = '#{params[:q]}'")
    end
    if params[:category_id].present?
      # ok: ruby.sql-injection
      scope = scope.where(category_id: params[:category_id])
    end
    if params[:min_price].present?
      # ok: ruby.sql-injection
      scope = scope.where("price_cents >= ?", params[:min_price].to_i * 100)
    end
    column = SORTABLE.include?(params[:sort]) ? params[:sort] : "name"
    # ok: ruby.sql-injection
    @products = scope.order("#{column} ASC").page(params[:page])
    # ruleid: ruby.sql-injection
    @tags = Tag.pluck(params[:tag_field] || "name")
  end

  def show
    # ruleid: ruby.dynamic-render-path
    render params[:variant] if params[:variant]
  end

  def search
    direction = params[:dir]
    # ruleid: ruby.sql-injection
    @products = Product.order("price #{direction}")
    # ok: ruby.sql-injection
    @count = Product.where("name = :name", name: params[:name]).count
    # ruleid: ruby.sql-injection-arel
    @ranked = Product.order(Arel.sql("similarity(name, '#{params[:q]}') DESC"))
  end

  def export
    format = params[:format_name]
    # ruleid: ruby.command-injection
    output = `bin/export_products --format #{format}`
    # ok: ruby.command-injection
    system("bin/export_products", "--format", format)
    send_data output, filename: "products.#{format.to_i}.csv"
  end

  def image
    # ruleid: ruby.path-traversal
    send_file Rails.root.join("storage", "images", params[:filename])
  end

  def thumbnail
    # ok: ruby.path-traversal
    send_file Rails.root.join("storage", "thumbs", File.basename(params[:filename]))
  end

  def preview
    # ruleid: ruby.ssrf
    body = HTTParty.get(params[:feed_url]).body
    # ruleid: ruby.xss
    render html: "<div class='preview'>#{body}</div>".html_safe
  end

  def back
    # ruleid: ruby.open-redirect
    redirect_to params[:return_to] || products_path
  end

  def go
    # ok: ruby.open-redirect
    redirect_to product_path(params[:id])
  end

  def update
    # ok: ruby.mass-assignment
    if @product.update(product_params)
      redirect_to @product
    else
      render :edit
    end
  end

  def bulk_update
    # ruleid: ruby.mass-assignment
    Product.where(id: params[:ids]).each { |p| p.update(params[:product].to_unsafe_h) }
    head :no_content
  end

  private

  def set_product
    @product = Product.find(params[:id])
  end

  def product_params
    params.require(:product).permit(:name, :description, :price_cents, :category_id)
  end
end

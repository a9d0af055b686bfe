# stockade-expect: annotated
module V1
  class Items < Grape::API
    format :json

    helpers do
      def warehouse
        @warehouse ||= Warehouse.find(headers["X-Warehouse-Id"])
      end
    end

    resource :items do
      params do
        optional :q, type: String
        optional :sort, type: String, values: %w[name sku created_at]
      end
      get do
        # ruleid: ruby.sql-injection
        items = warehouse.items.where("name ILIKE '%#{params[:q]}%'")
        # ok: ruby.sql-injection
        items2 = warehouse.items.where("name ILIKE ?", "%#{params[:q]}%")
        # ruleid: ruby.sql-injection
        sorted = Item.order("#{params[:column]} DESC")
        # ok: ruby.sql-injection
        sorted2 = Item.order(params[:sort] => :desc)
        present items: items, items2: items2, sorted: sorted, sorted2: sorted2
      end

      get ":id/label" do
        item = warehouse.items.find(params[:id])
        # ruleid: ruby.command-injection
        Open3.capture2("zint -o /tmp/label.png -d '#{params[:text]}'")
        # ok: ruby.command-injection
        Open3.capture2("zint", "-o", "/tmp/label.png", "-d", params[:text].to_s)
        { id: item.id }
      end

      post :import do
        # ruleid: ruby.yaml-unsafe-load
        rows = YAML.load(params[:manifest])
        # ok: ruby.yaml-unsafe-load
        rows2 = YAML.safe_load(params[:manifest], permitted_classes: [Date])
        # ruleid: ruby.insecure-deserialization
        extra = Oj.load(params[:extra], mode: :object)
        # ok: ruby.insecure-deserialization
        extra2 = Oj.load(params[:extra], mode: :strict)
        { count: rows.size + rows2.size, extra: [extra, extra2] }
      end

      get :photo do
        # ruleid: ruby.path-traversal
        content = File.read(File.join("/srv/photos", params[:name]))
        # ok: ruby.path-traversal
        content2 = File.read(File.join("/srv/photos", File.basename(params[:name])))
        { size: content.bytesize + content2.bytesize }
      end

      post :webhook_test do
        # ruleid: ruby.ssrf
        res = HTTParty.post(params[:url], body: { ping: true }.to_json)
        # ok: ruby.ssrf
        res2 = HTTParty.post("https://hooks.example.com/ping", body: { url: params[:url] }.to_json)
        { status: res.code, status2: res2.code }
      end
    end
  end
end

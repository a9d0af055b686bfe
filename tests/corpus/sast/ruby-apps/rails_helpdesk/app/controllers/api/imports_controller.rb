# stockade-expect: annotated
module Api
  class ImportsController < ActionController::API
    def create
      xml = request.raw_post
      # ruleid: ruby.xxe
      doc = Nokogiri::XML(xml) { |config| config.noent.dtdload }
      # ok: ruby.xxe
      doc2 = Nokogiri::XML(xml) { |config| config.nonet }
      # ruleid: ruby.ssrf
      avatar = URI.open(params[:avatar_url]).read
      # ok: ruby.ssrf
      avatar2 = URI.open("https://avatars.example.com/#{params[:user_id].to_i}.png").read
      # ruleid: ruby.unsafe-reflection
      exporter = Object.const_get(params[:exporter]).new
      render json: { nodes: doc.children.size + doc2.children.size, a: avatar.size + avatar2.size, e: exporter.class.name }
    end
  end
end

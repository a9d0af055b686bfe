# stockade-expect: annotated
module Admin
  class ReportsController < Admin::BaseController
    REPORTS = %w[revenue churn aging].freeze

    def run
      # ruleid: ruby.unsafe-reflection
      report = params[:report].classify.constantize.new(current_account)
      # ok: ruby.unsafe-reflection
      report2 = "Reports::#{REPORTS.include?(params[:report]) ? params[:report].classify : 'Revenue'}"
      render json: { data: report.call, name: report2 }
    end

    def column
      # ruleid: ruby.unsafe-reflection
      value = current_account.public_send(params[:attribute])
      render json: { value: value }
    end

    def preview
      # ruleid: ruby.template-injection
      render inline: "<h1>#{params[:heading]}</h1>"
    end

    def preview_safe
      # ok: ruby.template-injection
      render inline: "<h1><%= heading %></h1>", locals: { heading: params[:heading] }
    end

    def fetch_rate
      # ruleid: ruby.ssrf
      body = Net::HTTP.get(URI(params[:rate_url]))
      # ok: ruby.ssrf
      body2 = Net::HTTP.get(URI("https://rates.example.com/latest?base=#{CGI.escape(params[:base].to_s)}"))
      render json: { a: body.size, b: body2.size }
    end
  end
end

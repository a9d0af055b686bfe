# stockade-expect: vulnerable CWE-94
class ReportsController < ApplicationController
  def show
    report = Report.find(params[:id])
    render json: report.public_send(params[:format_method])
  end
end

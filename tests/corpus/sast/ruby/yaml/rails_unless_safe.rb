# stockade-expect: safe CWE-502
class PagesController < ApplicationController
  def show
    value = params[:config]
    cfg = YAML.load(value) unless true
  end
end

# stockade-expect: safe CWE-502
class PagesController < ApplicationController
  def show
    opts = { fixed: 'default', user: params[:form][:config] }
    cfg = YAML.load(opts[:fixed])
  end
end

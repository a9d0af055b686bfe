<?php // stockade-expect: annotated

namespace app\controllers;

use Yii;
use yii\web\Controller;
use yii\helpers\Html;
use app\models\Customer;

class CustomerController extends Controller
{
    public function actionIndex()
    {
        $city = Yii::$app->request->get('city');
        // ruleid: php.sql-injection
        $rows = Customer::findBySql("SELECT * FROM customer WHERE city = '" . $city . "'")->all();
        // ok: php.sql-injection
        $rows2 = Customer::findBySql('SELECT * FROM customer WHERE city = :city', [':city' => $city])->all();
        // ruleid: php.sql-injection
        $rows3 = Customer::find()->where("city = '$city'")->all();
        // ok: php.sql-injection
        $rows4 = Customer::find()->where(['city' => $city])->all();

        return $this->render('index', ['rows' => $rows, 'rows2' => $rows2, 'rows3' => $rows3, 'rows4' => $rows4]);
    }

    public function actionReport()
    {
        $year = Yii::$app->request->post('year');
        // ruleid: php.sql-injection
        $total = Yii::$app->db->createCommand('SELECT SUM(amount) FROM invoice WHERE YEAR(issued) = ' . $year)->queryScalar();
        // ok: php.sql-injection
        $total2 = Yii::$app->db->createCommand('SELECT SUM(amount) FROM invoice WHERE YEAR(issued) = :y')
            ->bindValue(':y', $year)
            ->queryScalar();

        return $this->asJson([$total, $total2]);
    }

    public function actionGreet()
    {
        $name = Yii::$app->request->get('name');
        // ruleid: php.xss
        return '<p>Hello ' . $name . '</p>';
    }

    public function actionGreetSafe()
    {
        $name = Yii::$app->request->get('name');
        // ok: php.xss
        return '<p>Hello ' . Html::encode($name) . '</p>';
    }

    public function actionLeave()
    {
        $next = Yii::$app->request->get('next');
        // ruleid: php.open-redirect
        return $this->redirect($next);
    }

    public function actionLeaveSafe()
    {
        // ok: php.open-redirect
        return $this->redirect(['customer/index', 'page' => Yii::$app->request->get('page')]);
    }

    public function actionExport()
    {
        $file = Yii::$app->request->get('file');
        // ruleid: php.path-traversal
        return Yii::$app->response->sendFile('/var/exports/' . $file);
    }

    public function actionExportSafe()
    {
        $file = basename(Yii::$app->request->get('file'));
        // ok: php.path-traversal
        return Yii::$app->response->sendFile('/var/exports/' . $file);
    }
}

<?php // stockade-expect: annotated

namespace app\models;

use Yii;
use yii\base\Model;

class LoginForm extends Model
{
    public $username;
    public $password;

    public function validatePassword(string $hash): bool
    {
        // ruleid: php.weak-hash-password
        return sha1($this->password) === $hash;
    }

    public function validatePasswordSafe(string $hash): bool
    {
        // ok: php.weak-hash-password
        return Yii::$app->security->validatePassword($this->password, $hash);
    }

    public function encryptNote(string $note): string
    {
        $key = Yii::$app->params['noteKey'];
        // ruleid: php.weak-cipher
        return openssl_encrypt($note, 'aes-256-ecb', $key);
    }

    public function encryptNoteSafe(string $note): string
    {
        $key = Yii::$app->params['noteKey'];
        $iv = random_bytes(12);
        // ok: php.weak-cipher
        $ct = openssl_encrypt($note, 'aes-256-gcm', $key, 0, $iv, $tag);
        return base64_encode($iv . $tag . $ct);
    }
}

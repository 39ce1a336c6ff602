/**
 * The platform's own help texts, per language of the demo operator: how to deposit, how to withdraw
 * and what turnover means, the responsible-gambling tools the site has (deposit, loss and wager
 * limits; reality check; time-out of 1 to 42 days; self-exclusion of 6 months or more), and account
 * security (password, fund password, signed-in devices, identity verification). Operators edit or
 * replace them in the back office.
 */

export interface SeedTopic {
  tag: string;
  tab: string;
  title: string;
  html: string;
}

type Tabs = [deposit: string, withdraw: string, responsible: string, security: string];
type Items = [
  deposit: [string, string],
  withdraw: [string, string],
  limits: [string, string],
  breaks: [string, string],
  security: [string, string],
];

const TAGS = ['deposit', 'withdraw', 'responsible', 'responsible', 'security'] as const;
const TAB_OF = [0, 1, 2, 2, 3] as const;

function topics(tabs: Tabs, items: Items): SeedTopic[] {
  return items.map(([title, html], i) => ({ tag: TAGS[i]!, tab: tabs[TAB_OF[i]!], title, html }));
}

export const HELP_SEED: Record<string, SeedTopic[]> = {
  EN: topics(
    ['Deposits', 'Withdrawals', 'Responsible gambling', 'Account security'],
    [
      [
        'How to deposit',
        "<p>Open <b>Deposit</b> from the menu or the member centre.</p><ol><li>Choose a channel: bank transfer or QR payment.</li><li>Enter an amount within the channel's minimum and maximum.</li><li>Bank transfer: pay the account shown, then upload a photo of the receipt. QR payment: pay on the page that opens.</li></ol><p>Your balance is credited once the payment is confirmed. Follow every deposit in the <b>Transaction record</b>.</p>",
      ],
      [
        'How to withdraw, and turnover',
        '<p>Before your first withdrawal, set a <b>fund password</b> and add a bank card.</p><ol><li>Open <b>Withdraw</b>, choose your card and enter the amount.</li><li>Confirm with your fund password.</li></ol><p><b>Turnover:</b> each deposit and bonus adds an amount you must wager first. The withdraw screen shows what is left; you can withdraw when it reaches zero. Daily limits on the number and total of withdrawals apply.</p>',
      ],
      [
        'Limits and reality check',
        '<p>In <b>Responsible gambling</b> (member centre) you can limit your deposits, losses and wagers per day, week or month. A lower limit applies at once; a higher one only after 24 hours.</p><p>The <b>reality check</b> reminds you at the interval you choose how long you have played and what you have won or lost.</p>',
      ],
      [
        'Time-out and self-exclusion',
        '<p>A <b>time-out</b> stops play and deposits for 1 to 42 days. <b>Self-exclusion</b> closes your account to gambling for at least 6 months and cannot be ended early.</p><p>If gambling stops being fun, talk to customer service or a support organisation near you.</p>',
      ],
      [
        'Keeping your account safe',
        '<p>Use a strong password you use nowhere else and change it in the <b>Security centre</b>. A separate <b>fund password</b> protects your withdrawals.</p><p>The security centre lists the devices signed in to your account: sign out any you do not recognise. For <b>identity verification</b>, upload a photo of your ID document; withdrawals may need a verified name.</p>',
      ],
    ],
  ),
  AR: topics(
    ['الإيداع', 'السحب', 'اللعب المسؤول', 'أمان الحساب'],
    [
      [
        'كيفية الإيداع',
        '<p>افتح <b>الإيداع</b> من القائمة أو من مركز العضو.</p><ol><li>اختر قناة: تحويل بنكي أو دفع عبر رمز QR.</li><li>أدخل مبلغًا بين الحد الأدنى والأقصى للقناة.</li><li>التحويل البنكي: ادفع إلى الحساب المعروض ثم ارفع صورة الإيصال. دفع QR: ادفع في الصفحة التي تُفتح.</li></ol><p>يُضاف المبلغ إلى رصيدك بعد تأكيد الدفع. تابع كل إيداع في <b>سجل المعاملات</b>.</p>',
      ],
      [
        'كيفية السحب ومتطلبات الرهان',
        '<p>قبل أول سحب، عيّن <b>كلمة مرور الأموال</b> وأضف بطاقة بنكية.</p><ol><li>افتح <b>السحب</b> واختر بطاقتك وأدخل المبلغ.</li><li>أكّد بكلمة مرور الأموال.</li></ol><p><b>متطلبات الرهان:</b> كل إيداع ومكافأة يضيفان مبلغًا يجب المراهنة به أولًا. تعرض شاشة السحب المتبقي، ويمكنك السحب عندما يصل إلى صفر. تنطبق حدود يومية على عدد عمليات السحب ومجموعها.</p>',
      ],
      [
        'الحدود وتذكير الواقع',
        '<p>في <b>اللعب المسؤول</b> (مركز العضو) يمكنك تحديد إيداعاتك وخسائرك ورهاناتك يوميًا أو أسبوعيًا أو شهريًا. يسري الحد الأقل فورًا، والحد الأعلى بعد 24 ساعة فقط.</p><p>يذكّرك <b>تذكير الواقع</b> في الفاصل الزمني الذي تختاره بمدة لعبك وبما ربحته أو خسرته.</p>',
      ],
      [
        'الاستراحة والاستبعاد الذاتي',
        '<p><b>الاستراحة</b> توقف اللعب والإيداع من يوم إلى 42 يومًا. <b>الاستبعاد الذاتي</b> يغلق حسابك أمام المقامرة لمدة 6 أشهر على الأقل ولا يمكن إنهاؤه مبكرًا.</p><p>إذا لم تعد المقامرة ممتعة، تحدّث إلى خدمة العملاء أو إلى جهة دعم قريبة منك.</p>',
      ],
      [
        'حماية حسابك',
        '<p>استخدم كلمة مرور قوية لا تستخدمها في مكان آخر، وغيّرها في <b>مركز الأمان</b>. تحمي <b>كلمة مرور الأموال</b> المنفصلة عمليات السحب.</p><p>يعرض مركز الأمان الأجهزة المسجّلة في حسابك: سجّل خروج أي جهاز لا تعرفه. <b>للتحقق من الهوية</b> ارفع صورة وثيقة هويتك؛ قد يتطلب السحب اسمًا موثّقًا.</p>',
      ],
    ],
  ),
  TY: topics(
    ['Pagdeposito', 'Pag-withdraw', 'Responsableng paglalaro', 'Seguridad ng account'],
    [
      [
        'Paano magdeposito',
        '<p>Buksan ang <b>Deposito</b> mula sa menu o sa member centre.</p><ol><li>Pumili ng channel: bank transfer o QR payment.</li><li>Ilagay ang halaga sa pagitan ng minimum at maximum ng channel.</li><li>Bank transfer: magbayad sa account na ipinakita, saka i-upload ang larawan ng resibo. QR payment: magbayad sa pahinang bubukas.</li></ol><p>Papasok ang pera sa iyong balanse kapag nakumpirma ang bayad. Sundan ang bawat deposito sa <b>Talaan ng transaksyon</b>.</p>',
      ],
      [
        'Paano mag-withdraw, at ang turnover',
        '<p>Bago ang unang withdrawal, magtakda ng <b>fund password</b> at magdagdag ng bank card.</p><ol><li>Buksan ang <b>Withdraw</b>, piliin ang card at ilagay ang halaga.</li><li>Kumpirmahin gamit ang fund password.</li></ol><p><b>Turnover:</b> bawat deposito at bonus ay nagdaragdag ng halagang kailangan munang itaya. Ipinapakita ng withdraw screen ang natitira; makaka-withdraw ka kapag umabot ito sa zero. May pang-araw-araw na limitasyon sa bilang at kabuuan ng withdrawal.</p>',
      ],
      [
        'Mga limitasyon at reality check',
        '<p>Sa <b>Responsableng paglalaro</b> (member centre) maaari mong limitahan ang deposito, talo at taya kada araw, linggo o buwan. Agad na umiiral ang mas mababang limitasyon; ang mas mataas ay pagkatapos lamang ng 24 na oras.</p><p>Ipinapaalala ng <b>reality check</b>, sa pagitan na pinili mo, kung gaano ka na katagal naglalaro at magkano ang panalo o talo mo.</p>',
      ],
      [
        'Time-out at self-exclusion',
        '<p>Ang <b>time-out</b> ay humihinto sa paglalaro at pagdeposito nang 1 hanggang 42 araw. Ang <b>self-exclusion</b> ay nagsasara ng account mo sa pagsusugal nang hindi bababa sa 6 na buwan at hindi maaaring tapusin nang maaga.</p><p>Kung hindi na masaya ang pagsusugal, kausapin ang customer service o isang support organisation na malapit sa iyo.</p>',
      ],
      [
        'Pag-iingat sa iyong account',
        '<p>Gumamit ng matibay na password na hindi mo ginagamit sa iba, at palitan ito sa <b>Security centre</b>. Pinoprotektahan ng hiwalay na <b>fund password</b> ang iyong mga withdrawal.</p><p>Nakalista sa security centre ang mga device na naka-sign in sa account mo: i-sign out ang hindi mo kilala. Para sa <b>identity verification</b>, mag-upload ng larawan ng iyong ID; maaaring kailanganin ng withdrawal ang beripikadong pangalan.</p>',
      ],
    ],
  ),
  CN: topics(
    ['存款', '取款', '负责任博彩', '账户安全'],
    [
      [
        '如何存款',
        '<p>从菜单或会员中心打开<b>存款</b>。</p><ol><li>选择渠道：银行转账或扫码支付。</li><li>输入在该渠道最低与最高限额之间的金额。</li><li>银行转账：向页面显示的账户付款，然后上传收据照片。扫码支付：在打开的页面完成付款。</li></ol><p>付款确认后即入账。可在<b>交易记录</b>中查看每笔存款。</p>',
      ],
      [
        '如何取款及流水要求',
        '<p>首次取款前，请设置<b>资金密码</b>并添加银行卡。</p><ol><li>打开<b>取款</b>，选择银行卡并输入金额。</li><li>使用资金密码确认。</li></ol><p><b>流水：</b>每笔存款和奖金都会增加需先投注的金额。取款页面显示剩余流水，归零后即可取款。取款次数和总额有每日限额。</p>',
      ],
      [
        '限额与现实提醒',
        '<p>在会员中心的<b>负责任博彩</b>中，可按日、周或月限制存款、亏损和投注。降低限额立即生效；提高限额需等待 24 小时。</p><p><b>现实提醒</b>会按您选择的间隔提示您已游戏的时长及输赢情况。</p>',
      ],
      [
        '暂停与自我排除',
        '<p><b>暂停</b>可在 1 至 42 天内停止游戏和存款。<b>自我排除</b>将关闭您的账户至少 6 个月，且不能提前结束。</p><p>如果博彩不再有趣，请联系客服或您附近的援助机构。</p>',
      ],
      [
        '保护您的账户',
        '<p>请使用不在其他地方使用的强密码，并在<b>安全中心</b>修改。独立的<b>资金密码</b>保护您的取款。</p><p>安全中心列出已登录您账户的设备：请退出任何您不认识的设备。<b>身份验证</b>：上传证件照片；取款可能需要已验证的姓名。</p>',
      ],
    ],
  ),
  TW: topics(
    ['存款', '提款', '負責任博彩', '帳戶安全'],
    [
      [
        '如何存款',
        '<p>從選單或會員中心開啟<b>存款</b>。</p><ol><li>選擇管道：銀行轉帳或掃碼支付。</li><li>輸入介於該管道最低與最高限額之間的金額。</li><li>銀行轉帳：匯款至頁面顯示的帳戶，再上傳收據照片。掃碼支付：在開啟的頁面完成付款。</li></ol><p>付款確認後即入帳。可在<b>交易紀錄</b>查看每筆存款。</p>',
      ],
      [
        '如何提款及流水要求',
        '<p>首次提款前，請設定<b>資金密碼</b>並新增銀行卡。</p><ol><li>開啟<b>提款</b>，選擇銀行卡並輸入金額。</li><li>以資金密碼確認。</li></ol><p><b>流水：</b>每筆存款與獎金都會增加須先投注的金額。提款頁面顯示剩餘流水，歸零後即可提款。提款次數與總額有每日上限。</p>',
      ],
      [
        '限額與現實提醒',
        '<p>在會員中心的<b>負責任博彩</b>中，可按日、週或月限制存款、虧損與投注。調低限額立即生效；調高須等待 24 小時。</p><p><b>現實提醒</b>會依您選擇的間隔提示您已遊戲的時間與輸贏。</p>',
      ],
      [
        '暫停與自我排除',
        '<p><b>暫停</b>可在 1 至 42 天內停止遊戲與存款。<b>自我排除</b>會關閉您的帳戶至少 6 個月，且無法提前結束。</p><p>若博彩不再有趣，請聯絡客服或您附近的協助機構。</p>',
      ],
      [
        '保護您的帳戶',
        '<p>請使用不在其他地方使用的強密碼，並在<b>安全中心</b>變更。獨立的<b>資金密碼</b>保護您的提款。</p><p>安全中心列出已登入您帳戶的裝置：請登出任何您不認得的裝置。<b>身分驗證</b>：上傳證件照片；提款可能需要已驗證的姓名。</p>',
      ],
    ],
  ),
  JA: topics(
    ['入金', '出金', '責任あるギャンブル', 'アカウントの安全'],
    [
      [
        '入金方法',
        '<p>メニューまたは会員センターから<b>入金</b>を開きます。</p><ol><li>チャネルを選びます：銀行振込またはQR決済。</li><li>チャネルの最小額と最大額の範囲で金額を入力します。</li><li>銀行振込：表示された口座に振り込み、領収書の写真をアップロードします。QR決済：開いたページで支払います。</li></ol><p>支払いが確認されると残高に反映されます。各入金は<b>取引履歴</b>で確認できます。</p>',
      ],
      [
        '出金方法とターンオーバー',
        '<p>初めての出金の前に、<b>資金パスワード</b>を設定し銀行カードを登録してください。</p><ol><li><b>出金</b>を開き、カードを選んで金額を入力します。</li><li>資金パスワードで確定します。</li></ol><p><b>ターンオーバー：</b>入金やボーナスごとに、先に賭ける必要がある金額が加わります。出金画面に残りが表示され、ゼロになると出金できます。出金の回数と合計には1日の上限があります。</p>',
      ],
      [
        '上限とリアリティチェック',
        '<p>会員センターの<b>責任あるギャンブル</b>で、入金・損失・賭け金を日・週・月ごとに制限できます。上限を下げるとすぐに適用され、上げる場合は24時間後に適用されます。</p><p><b>リアリティチェック</b>は、選んだ間隔でプレイ時間と勝敗をお知らせします。</p>',
      ],
      [
        'タイムアウトと自己排除',
        '<p><b>タイムアウト</b>は1〜42日間、プレイと入金を停止します。<b>自己排除</b>はアカウントを少なくとも6か月間ギャンブルから閉鎖し、途中で解除できません。</p><p>ギャンブルが楽しくなくなったら、カスタマーサービスや身近な支援団体にご相談ください。</p>',
      ],
      [
        'アカウントを守る',
        '<p>他で使っていない強力なパスワードを使い、<b>セキュリティセンター</b>で変更してください。別の<b>資金パスワード</b>が出金を守ります。</p><p>セキュリティセンターにはログイン中の端末が表示されます。心当たりのない端末はログアウトしてください。<b>本人確認</b>では身分証の写真をアップロードします。出金には確認済みの氏名が必要な場合があります。</p>',
      ],
    ],
  ),
  KO: topics(
    ['입금', '출금', '책임감 있는 게임', '계정 보안'],
    [
      [
        '입금 방법',
        '<p>메뉴 또는 회원 센터에서 <b>입금</b>을 엽니다.</p><ol><li>채널을 선택합니다: 계좌 이체 또는 QR 결제.</li><li>채널의 최소·최대 금액 사이에서 금액을 입력합니다.</li><li>계좌 이체: 표시된 계좌로 송금한 뒤 영수증 사진을 업로드합니다. QR 결제: 열리는 페이지에서 결제합니다.</li></ol><p>결제가 확인되면 잔액에 반영됩니다. 모든 입금은 <b>거래 내역</b>에서 확인할 수 있습니다.</p>',
      ],
      [
        '출금 방법과 롤링 조건',
        '<p>첫 출금 전에 <b>자금 비밀번호</b>를 설정하고 은행 카드를 등록하세요.</p><ol><li><b>출금</b>을 열고 카드를 선택한 뒤 금액을 입력합니다.</li><li>자금 비밀번호로 확인합니다.</li></ol><p><b>롤링:</b> 입금과 보너스마다 먼저 베팅해야 하는 금액이 추가됩니다. 출금 화면에 남은 금액이 표시되며 0이 되면 출금할 수 있습니다. 출금 횟수와 총액에는 일일 한도가 있습니다.</p>',
      ],
      [
        '한도와 리얼리티 체크',
        '<p>회원 센터의 <b>책임감 있는 게임</b>에서 입금, 손실, 베팅을 일·주·월 단위로 제한할 수 있습니다. 한도를 낮추면 즉시 적용되고, 높이면 24시간 후에 적용됩니다.</p><p><b>리얼리티 체크</b>는 선택한 간격마다 플레이 시간과 손익을 알려 줍니다.</p>',
      ],
      [
        '타임아웃과 자기 제한',
        '<p><b>타임아웃</b>은 1~42일 동안 게임과 입금을 중지합니다. <b>자기 제한</b>은 최소 6개월 동안 계정의 게임 이용을 막으며 중간에 해제할 수 없습니다.</p><p>게임이 더 이상 즐겁지 않다면 고객 센터나 가까운 지원 기관에 문의하세요.</p>',
      ],
      [
        '계정 보호하기',
        '<p>다른 곳에서 쓰지 않는 강력한 비밀번호를 사용하고 <b>보안 센터</b>에서 변경하세요. 별도의 <b>자금 비밀번호</b>가 출금을 보호합니다.</p><p>보안 센터에는 로그인된 기기가 표시됩니다. 모르는 기기는 로그아웃하세요. <b>본인 인증</b>을 위해 신분증 사진을 업로드하세요. 출금 시 인증된 이름이 필요할 수 있습니다.</p>',
      ],
    ],
  ),
  TH: topics(
    ['การฝากเงิน', 'การถอนเงิน', 'การเล่นอย่างรับผิดชอบ', 'ความปลอดภัยของบัญชี'],
    [
      [
        'วิธีฝากเงิน',
        '<p>เปิด <b>ฝากเงิน</b> จากเมนูหรือศูนย์สมาชิก</p><ol><li>เลือกช่องทาง: โอนผ่านธนาคารหรือชำระด้วย QR</li><li>กรอกจำนวนเงินระหว่างขั้นต่ำและสูงสุดของช่องทาง</li><li>โอนผ่านธนาคาร: โอนเข้าบัญชีที่แสดง แล้วอัปโหลดรูปสลิป ชำระด้วย QR: ชำระในหน้าที่เปิดขึ้น</li></ol><p>ยอดจะเข้าบัญชีเมื่อยืนยันการชำระแล้ว ติดตามทุกรายการได้ใน <b>ประวัติธุรกรรม</b></p>',
      ],
      [
        'วิธีถอนเงินและยอดเทิร์นโอเวอร์',
        '<p>ก่อนถอนครั้งแรก ให้ตั้ง <b>รหัสผ่านการเงิน</b> และเพิ่มบัตรธนาคาร</p><ol><li>เปิด <b>ถอนเงิน</b> เลือกบัตรและกรอกจำนวนเงิน</li><li>ยืนยันด้วยรหัสผ่านการเงิน</li></ol><p><b>เทิร์นโอเวอร์:</b> ทุกการฝากและโบนัสจะเพิ่มยอดที่ต้องเดิมพันก่อน หน้าถอนเงินแสดงยอดที่เหลือ และถอนได้เมื่อเป็นศูนย์ มีการจำกัดจำนวนครั้งและยอดรวมการถอนต่อวัน</p>',
      ],
      [
        'วงเงินจำกัดและการเตือนเวลาเล่น',
        '<p>ใน <b>การเล่นอย่างรับผิดชอบ</b> (ศูนย์สมาชิก) คุณจำกัดการฝาก การเสีย และการเดิมพันต่อวัน สัปดาห์ หรือเดือนได้ การลดวงเงินมีผลทันที การเพิ่มมีผลหลัง 24 ชั่วโมง</p><p><b>การเตือนเวลาเล่น</b> จะแจ้งตามช่วงเวลาที่คุณเลือกว่าเล่นมานานเท่าใดและได้เสียเท่าใด</p>',
      ],
      [
        'พักการเล่นและการแยกตัวเอง',
        '<p><b>พักการเล่น</b> หยุดการเล่นและการฝากเงิน 1 ถึง 42 วัน <b>การแยกตัวเอง</b> ปิดบัญชีจากการพนันอย่างน้อย 6 เดือนและยกเลิกก่อนกำหนดไม่ได้</p><p>หากการพนันไม่สนุกอีกต่อไป โปรดติดต่อฝ่ายบริการลูกค้าหรือองค์กรช่วยเหลือใกล้คุณ</p>',
      ],
      [
        'ปกป้องบัญชีของคุณ',
        '<p>ใช้รหัสผ่านที่คาดเดายากและไม่ใช้ซ้ำที่อื่น เปลี่ยนได้ใน <b>ศูนย์ความปลอดภัย</b> <b>รหัสผ่านการเงิน</b> แยกต่างหากช่วยปกป้องการถอนเงิน</p><p>ศูนย์ความปลอดภัยแสดงอุปกรณ์ที่ลงชื่อเข้าใช้บัญชีของคุณ ให้ออกจากระบบอุปกรณ์ที่ไม่รู้จัก สำหรับ <b>การยืนยันตัวตน</b> ให้อัปโหลดรูปบัตรประจำตัว การถอนเงินอาจต้องใช้ชื่อที่ยืนยันแล้ว</p>',
      ],
    ],
  ),
  VI: topics(
    ['Nạp tiền', 'Rút tiền', 'Chơi có trách nhiệm', 'Bảo mật tài khoản'],
    [
      [
        'Cách nạp tiền',
        '<p>Mở <b>Nạp tiền</b> từ menu hoặc trung tâm thành viên.</p><ol><li>Chọn kênh: chuyển khoản ngân hàng hoặc thanh toán QR.</li><li>Nhập số tiền trong khoảng tối thiểu và tối đa của kênh.</li><li>Chuyển khoản: chuyển vào tài khoản hiển thị rồi tải lên ảnh biên lai. QR: thanh toán trên trang được mở.</li></ol><p>Số dư được cộng khi thanh toán được xác nhận. Theo dõi mọi khoản nạp trong <b>Lịch sử giao dịch</b>.</p>',
      ],
      [
        'Cách rút tiền và yêu cầu doanh thu cược',
        '<p>Trước lần rút đầu tiên, hãy đặt <b>mật khẩu quỹ</b> và thêm thẻ ngân hàng.</p><ol><li>Mở <b>Rút tiền</b>, chọn thẻ và nhập số tiền.</li><li>Xác nhận bằng mật khẩu quỹ.</li></ol><p><b>Doanh thu cược:</b> mỗi khoản nạp và tiền thưởng thêm một số tiền bạn phải cược trước. Màn hình rút tiền hiển thị phần còn lại; bạn rút được khi nó về 0. Có giới hạn hằng ngày về số lần và tổng tiền rút.</p>',
      ],
      [
        'Giới hạn và nhắc nhở thực tế',
        '<p>Trong <b>Chơi có trách nhiệm</b> (trung tâm thành viên), bạn có thể giới hạn tiền nạp, tiền thua và tiền cược theo ngày, tuần hoặc tháng. Giảm giới hạn có hiệu lực ngay; tăng chỉ có hiệu lực sau 24 giờ.</p><p><b>Nhắc nhở thực tế</b> báo cho bạn theo khoảng thời gian đã chọn về thời gian đã chơi và số tiền thắng thua.</p>',
      ],
      [
        'Tạm nghỉ và tự loại trừ',
        '<p><b>Tạm nghỉ</b> dừng chơi và nạp tiền từ 1 đến 42 ngày. <b>Tự loại trừ</b> khóa tài khoản khỏi cờ bạc ít nhất 6 tháng và không thể kết thúc sớm.</p><p>Nếu cờ bạc không còn vui, hãy liên hệ bộ phận chăm sóc khách hàng hoặc tổ chức hỗ trợ gần bạn.</p>',
      ],
      [
        'Giữ an toàn cho tài khoản',
        '<p>Dùng mật khẩu mạnh không dùng ở nơi khác và đổi nó trong <b>Trung tâm bảo mật</b>. <b>Mật khẩu quỹ</b> riêng bảo vệ các lần rút tiền.</p><p>Trung tâm bảo mật liệt kê các thiết bị đang đăng nhập: hãy đăng xuất thiết bị bạn không nhận ra. Để <b>xác minh danh tính</b>, tải lên ảnh giấy tờ tùy thân; rút tiền có thể cần tên đã xác minh.</p>',
      ],
    ],
  ),
  ID: topics(
    ['Deposit', 'Penarikan', 'Bermain bertanggung jawab', 'Keamanan akun'],
    [
      [
        'Cara deposit',
        '<p>Buka <b>Deposit</b> dari menu atau pusat anggota.</p><ol><li>Pilih saluran: transfer bank atau pembayaran QR.</li><li>Masukkan jumlah di antara minimum dan maksimum saluran.</li><li>Transfer bank: bayar ke rekening yang ditampilkan, lalu unggah foto bukti. QR: bayar di halaman yang terbuka.</li></ol><p>Saldo bertambah setelah pembayaran dikonfirmasi. Pantau setiap deposit di <b>Riwayat transaksi</b>.</p>',
      ],
      [
        'Cara menarik dana dan turnover',
        '<p>Sebelum penarikan pertama, atur <b>kata sandi dana</b> dan tambahkan kartu bank.</p><ol><li>Buka <b>Tarik</b>, pilih kartu dan masukkan jumlah.</li><li>Konfirmasi dengan kata sandi dana.</li></ol><p><b>Turnover:</b> setiap deposit dan bonus menambah jumlah yang harus dipertaruhkan lebih dulu. Layar penarikan menampilkan sisanya; Anda bisa menarik saat mencapai nol. Ada batas harian jumlah dan total penarikan.</p>',
      ],
      [
        'Batas dan pengingat realitas',
        '<p>Di <b>Bermain bertanggung jawab</b> (pusat anggota) Anda dapat membatasi deposit, kekalahan, dan taruhan per hari, minggu, atau bulan. Batas lebih rendah berlaku segera; yang lebih tinggi setelah 24 jam.</p><p><b>Pengingat realitas</b> memberi tahu pada interval pilihan Anda berapa lama Anda bermain dan berapa menang atau kalah.</p>',
      ],
      [
        'Jeda dan pengecualian diri',
        '<p><b>Jeda</b> menghentikan permainan dan deposit selama 1 hingga 42 hari. <b>Pengecualian diri</b> menutup akun Anda dari perjudian minimal 6 bulan dan tidak dapat diakhiri lebih awal.</p><p>Jika berjudi tidak lagi menyenangkan, hubungi layanan pelanggan atau lembaga bantuan di dekat Anda.</p>',
      ],
      [
        'Menjaga akun Anda',
        '<p>Gunakan kata sandi kuat yang tidak dipakai di tempat lain dan ubah di <b>Pusat keamanan</b>. <b>Kata sandi dana</b> terpisah melindungi penarikan Anda.</p><p>Pusat keamanan menampilkan perangkat yang masuk ke akun Anda: keluarkan yang tidak Anda kenal. Untuk <b>verifikasi identitas</b>, unggah foto kartu identitas; penarikan dapat memerlukan nama terverifikasi.</p>',
      ],
    ],
  ),
  MS: topics(
    ['Deposit', 'Pengeluaran', 'Perjudian bertanggungjawab', 'Keselamatan akaun'],
    [
      [
        'Cara membuat deposit',
        '<p>Buka <b>Deposit</b> dari menu atau pusat ahli.</p><ol><li>Pilih saluran: pindahan bank atau bayaran QR.</li><li>Masukkan jumlah antara minimum dan maksimum saluran.</li><li>Pindahan bank: bayar ke akaun yang dipaparkan, kemudian muat naik gambar resit. QR: bayar di halaman yang dibuka.</li></ol><p>Baki dikreditkan setelah bayaran disahkan. Ikuti setiap deposit dalam <b>Rekod transaksi</b>.</p>',
      ],
      [
        'Cara mengeluarkan wang, dan pusing ganti',
        '<p>Sebelum pengeluaran pertama, tetapkan <b>kata laluan dana</b> dan tambah kad bank.</p><ol><li>Buka <b>Keluarkan</b>, pilih kad dan masukkan jumlah.</li><li>Sahkan dengan kata laluan dana.</li></ol><p><b>Pusing ganti:</b> setiap deposit dan bonus menambah jumlah yang perlu dipertaruhkan dahulu. Skrin pengeluaran menunjukkan bakinya; anda boleh mengeluarkan wang apabila ia sifar. Had harian bilangan dan jumlah pengeluaran dikenakan.</p>',
      ],
      [
        'Had dan semakan realiti',
        '<p>Dalam <b>Perjudian bertanggungjawab</b> (pusat ahli) anda boleh mengehadkan deposit, kerugian dan pertaruhan setiap hari, minggu atau bulan. Had lebih rendah berkuat kuasa serta-merta; had lebih tinggi selepas 24 jam.</p><p><b>Semakan realiti</b> mengingatkan anda pada selang yang dipilih berapa lama anda bermain dan berapa menang atau kalah.</p>',
      ],
      [
        'Rehat dan pengecualian diri',
        '<p><b>Rehat</b> menghentikan permainan dan deposit selama 1 hingga 42 hari. <b>Pengecualian diri</b> menutup akaun anda daripada perjudian sekurang-kurangnya 6 bulan dan tidak boleh ditamatkan awal.</p><p>Jika berjudi tidak lagi menyeronokkan, hubungi khidmat pelanggan atau organisasi sokongan berhampiran anda.</p>',
      ],
      [
        'Melindungi akaun anda',
        '<p>Gunakan kata laluan kukuh yang tidak digunakan di tempat lain dan tukarnya di <b>Pusat keselamatan</b>. <b>Kata laluan dana</b> berasingan melindungi pengeluaran anda.</p><p>Pusat keselamatan menyenaraikan peranti yang log masuk ke akaun anda: log keluar mana-mana yang tidak dikenali. Untuk <b>pengesahan identiti</b>, muat naik gambar dokumen pengenalan; pengeluaran mungkin memerlukan nama yang disahkan.</p>',
      ],
    ],
  ),
  HI: topics(
    ['जमा', 'निकासी', 'ज़िम्मेदार गेमिंग', 'खाते की सुरक्षा'],
    [
      [
        'जमा कैसे करें',
        '<p>मेनू या सदस्य केंद्र से <b>जमा</b> खोलें।</p><ol><li>चैनल चुनें: बैंक ट्रांसफ़र या QR भुगतान।</li><li>चैनल की न्यूनतम और अधिकतम सीमा के बीच राशि दर्ज करें।</li><li>बैंक ट्रांसफ़र: दिखाए गए खाते में भुगतान करें, फिर रसीद की फ़ोटो अपलोड करें। QR: खुलने वाले पेज पर भुगतान करें।</li></ol><p>भुगतान की पुष्टि होते ही राशि बैलेंस में जुड़ जाती है। हर जमा <b>लेनदेन रिकॉर्ड</b> में देखें।</p>',
      ],
      [
        'निकासी कैसे करें, और टर्नओवर',
        '<p>पहली निकासी से पहले <b>फ़ंड पासवर्ड</b> सेट करें और बैंक कार्ड जोड़ें।</p><ol><li><b>निकासी</b> खोलें, कार्ड चुनें और राशि दर्ज करें।</li><li>फ़ंड पासवर्ड से पुष्टि करें।</li></ol><p><b>टर्नओवर:</b> हर जमा और बोनस से वह राशि बढ़ती है जिसे पहले दांव पर लगाना होता है। निकासी स्क्रीन पर शेष राशि दिखती है; शून्य होने पर आप निकासी कर सकते हैं। निकासी की संख्या और कुल राशि पर दैनिक सीमा लागू है।</p>',
      ],
      [
        'सीमाएँ और रियलिटी चेक',
        '<p>सदस्य केंद्र के <b>ज़िम्मेदार गेमिंग</b> में आप जमा, हानि और दांव को प्रति दिन, सप्ताह या महीने सीमित कर सकते हैं। कम सीमा तुरंत लागू होती है; अधिक सीमा 24 घंटे बाद।</p><p><b>रियलिटी चेक</b> आपके चुने अंतराल पर बताता है कि आप कितनी देर से खेल रहे हैं और कितना जीते या हारे।</p>',
      ],
      [
        'टाइम-आउट और स्व-बहिष्करण',
        '<p><b>टाइम-आउट</b> 1 से 42 दिनों तक खेलना और जमा करना रोक देता है। <b>स्व-बहिष्करण</b> आपके खाते को कम से कम 6 महीने के लिए जुए से बंद कर देता है और इसे पहले समाप्त नहीं किया जा सकता।</p><p>अगर जुआ मज़ेदार नहीं रहा, तो ग्राहक सेवा या अपने पास की किसी सहायता संस्था से बात करें।</p>',
      ],
      [
        'अपने खाते को सुरक्षित रखें',
        '<p>ऐसा मज़बूत पासवर्ड रखें जो कहीं और इस्तेमाल न हो, और उसे <b>सुरक्षा केंद्र</b> में बदलें। अलग <b>फ़ंड पासवर्ड</b> आपकी निकासी की रक्षा करता है।</p><p>सुरक्षा केंद्र में आपके खाते से साइन-इन डिवाइस दिखते हैं: जिसे न पहचानें उसे साइन आउट करें। <b>पहचान सत्यापन</b> के लिए पहचान पत्र की फ़ोटो अपलोड करें; निकासी के लिए सत्यापित नाम ज़रूरी हो सकता है।</p>',
      ],
    ],
  ),
  FA: topics(
    ['واریز', 'برداشت', 'بازی مسئولانه', 'امنیت حساب'],
    [
      [
        'نحوه واریز',
        '<p><b>واریز</b> را از منو یا مرکز اعضا باز کنید.</p><ol><li>یک روش انتخاب کنید: انتقال بانکی یا پرداخت QR.</li><li>مبلغی بین حداقل و حداکثر آن روش وارد کنید.</li><li>انتقال بانکی: به حساب نمایش‌داده‌شده پرداخت کنید و تصویر رسید را بارگذاری کنید. QR: در صفحه‌ای که باز می‌شود پرداخت کنید.</li></ol><p>پس از تأیید پرداخت، موجودی شما افزایش می‌یابد. هر واریز را در <b>سوابق تراکنش</b> دنبال کنید.</p>',
      ],
      [
        'نحوه برداشت و گردش شرط',
        '<p>پیش از اولین برداشت، <b>رمز وجوه</b> را تنظیم و یک کارت بانکی اضافه کنید.</p><ol><li><b>برداشت</b> را باز کنید، کارت را انتخاب و مبلغ را وارد کنید.</li><li>با رمز وجوه تأیید کنید.</li></ol><p><b>گردش شرط:</b> هر واریز و پاداش مبلغی اضافه می‌کند که ابتدا باید شرط‌بندی شود. صفحه برداشت باقی‌مانده را نشان می‌دهد و وقتی به صفر برسد می‌توانید برداشت کنید. تعداد و مجموع برداشت‌ها محدودیت روزانه دارد.</p>',
      ],
      [
        'محدودیت‌ها و یادآور واقعیت',
        '<p>در <b>بازی مسئولانه</b> (مرکز اعضا) می‌توانید واریز، باخت و شرط را روزانه، هفتگی یا ماهانه محدود کنید. کاهش محدودیت فوراً اعمال می‌شود و افزایش آن پس از ۲۴ ساعت.</p><p><b>یادآور واقعیت</b> در فاصله‌ای که انتخاب می‌کنید مدت بازی و برد یا باخت شما را یادآوری می‌کند.</p>',
      ],
      [
        'استراحت و خودمحرومی',
        '<p><b>استراحت</b> بازی و واریز را از ۱ تا ۴۲ روز متوقف می‌کند. <b>خودمحرومی</b> حساب شما را دست‌کم ۶ ماه روی قمار می‌بندد و پیش از موعد لغو نمی‌شود.</p><p>اگر قمار دیگر لذت‌بخش نیست، با پشتیبانی یا یک نهاد حمایتی نزدیک خود صحبت کنید.</p>',
      ],
      [
        'حفاظت از حساب شما',
        '<p>از رمز عبور قوی‌ای استفاده کنید که جای دیگری به کار نمی‌برید و آن را در <b>مرکز امنیت</b> تغییر دهید. <b>رمز وجوه</b> جداگانه از برداشت‌های شما محافظت می‌کند.</p><p>مرکز امنیت دستگاه‌های واردشده به حساب را نشان می‌دهد: هر دستگاه ناآشنا را خارج کنید. برای <b>تأیید هویت</b> تصویر مدرک شناسایی را بارگذاری کنید؛ ممکن است برداشت به نام تأییدشده نیاز داشته باشد.</p>',
      ],
    ],
  ),
  UR: topics(
    ['ڈپازٹ', 'رقم نکلوانا', 'ذمہ دارانہ گیمنگ', 'اکاؤنٹ کی حفاظت'],
    [
      [
        'ڈپازٹ کیسے کریں',
        '<p>مینو یا ممبر سینٹر سے <b>ڈپازٹ</b> کھولیں۔</p><ol><li>چینل منتخب کریں: بینک ٹرانسفر یا QR ادائیگی۔</li><li>چینل کی کم از کم اور زیادہ سے زیادہ حد کے درمیان رقم درج کریں۔</li><li>بینک ٹرانسفر: دکھائے گئے اکاؤنٹ میں ادائیگی کریں، پھر رسید کی تصویر اپ لوڈ کریں۔ QR: کھلنے والے صفحے پر ادائیگی کریں۔</li></ol><p>ادائیگی کی تصدیق ہوتے ہی رقم بیلنس میں آ جاتی ہے۔ ہر ڈپازٹ <b>لین دین کے ریکارڈ</b> میں دیکھیں۔</p>',
      ],
      [
        'رقم کیسے نکلوائیں، اور ٹرن اوور',
        '<p>پہلی بار رقم نکلوانے سے پہلے <b>فنڈ پاس ورڈ</b> سیٹ کریں اور بینک کارڈ شامل کریں۔</p><ol><li><b>رقم نکلوائیں</b> کھولیں، کارڈ منتخب کریں اور رقم درج کریں۔</li><li>فنڈ پاس ورڈ سے تصدیق کریں۔</li></ol><p><b>ٹرن اوور:</b> ہر ڈپازٹ اور بونس وہ رقم بڑھاتا ہے جو پہلے داؤ پر لگانی ہوتی ہے۔ رقم نکلوانے کی اسکرین باقی رقم دکھاتی ہے؛ صفر ہونے پر آپ رقم نکلوا سکتے ہیں۔ تعداد اور کل رقم پر روزانہ حد لاگو ہے۔</p>',
      ],
      [
        'حدود اور ریئلٹی چیک',
        '<p>ممبر سینٹر کے <b>ذمہ دارانہ گیمنگ</b> میں آپ ڈپازٹ، نقصان اور داؤ کو روزانہ، ہفتہ وار یا ماہانہ محدود کر سکتے ہیں۔ کم حد فوراً نافذ ہوتی ہے؛ زیادہ حد 24 گھنٹے بعد۔</p><p><b>ریئلٹی چیک</b> آپ کے منتخب وقفے پر بتاتا ہے کہ آپ کتنی دیر سے کھیل رہے ہیں اور کتنا جیتے یا ہارے۔</p>',
      ],
      [
        'ٹائم آؤٹ اور خود اخراج',
        '<p><b>ٹائم آؤٹ</b> کھیلنا اور ڈپازٹ 1 سے 42 دن تک روک دیتا ہے۔ <b>خود اخراج</b> آپ کا اکاؤنٹ کم از کم 6 ماہ کے لیے جوئے سے بند کر دیتا ہے اور اسے پہلے ختم نہیں کیا جا سکتا۔</p><p>اگر جوا اب لطف نہیں دیتا تو کسٹمر سروس یا اپنے قریب کسی مددگار ادارے سے بات کریں۔</p>',
      ],
      [
        'اپنے اکاؤنٹ کی حفاظت',
        '<p>ایسا مضبوط پاس ورڈ استعمال کریں جو کہیں اور استعمال نہ ہو، اور اسے <b>سیکیورٹی سینٹر</b> میں تبدیل کریں۔ الگ <b>فنڈ پاس ورڈ</b> آپ کی رقم نکلوانے کی حفاظت کرتا ہے۔</p><p>سیکیورٹی سینٹر آپ کے اکاؤنٹ میں سائن اِن آلات دکھاتا ہے: جسے نہ پہچانیں اسے سائن آؤٹ کریں۔ <b>شناخت کی تصدیق</b> کے لیے شناختی دستاویز کی تصویر اپ لوڈ کریں؛ رقم نکلوانے کے لیے تصدیق شدہ نام درکار ہو سکتا ہے۔</p>',
      ],
    ],
  ),
  'PT-BR': topics(
    ['Depósitos', 'Saques', 'Jogo responsável', 'Segurança da conta'],
    [
      [
        'Como depositar',
        '<p>Abra <b>Depósito</b> no menu ou na central do membro.</p><ol><li>Escolha um canal: transferência bancária ou pagamento por QR.</li><li>Informe um valor entre o mínimo e o máximo do canal.</li><li>Transferência: pague na conta exibida e envie a foto do comprovante. QR: pague na página que abrir.</li></ol><p>O saldo é creditado assim que o pagamento é confirmado. Acompanhe cada depósito no <b>Histórico de transações</b>.</p>',
      ],
      [
        'Como sacar, e o rollover',
        '<p>Antes do primeiro saque, defina uma <b>senha de fundos</b> e adicione um cartão bancário.</p><ol><li>Abra <b>Saque</b>, escolha o cartão e informe o valor.</li><li>Confirme com a senha de fundos.</li></ol><p><b>Rollover:</b> cada depósito e bônus somam um valor que você precisa apostar antes. A tela de saque mostra o que falta; você saca quando chegar a zero. Há limites diários de quantidade e total de saques.</p>',
      ],
      [
        'Limites e lembrete de realidade',
        '<p>Em <b>Jogo responsável</b> (central do membro) você limita depósitos, perdas e apostas por dia, semana ou mês. Um limite menor vale na hora; um maior só após 24 horas.</p><p>O <b>lembrete de realidade</b> avisa, no intervalo que você escolher, há quanto tempo você joga e quanto ganhou ou perdeu.</p>',
      ],
      [
        'Pausa e autoexclusão',
        '<p>A <b>pausa</b> bloqueia jogos e depósitos de 1 a 42 dias. A <b>autoexclusão</b> fecha sua conta para apostas por pelo menos 6 meses e não pode ser encerrada antes.</p><p>Se apostar deixou de ser divertido, fale com o atendimento ou com uma organização de apoio perto de você.</p>',
      ],
      [
        'Proteja sua conta',
        '<p>Use uma senha forte que você não usa em outro lugar e troque-a na <b>Central de segurança</b>. Uma <b>senha de fundos</b> separada protege seus saques.</p><p>A central de segurança lista os aparelhos conectados à sua conta: desconecte os que você não reconhecer. Para a <b>verificação de identidade</b>, envie a foto de um documento; saques podem exigir nome verificado.</p>',
      ],
    ],
  ),
  ES: topics(
    ['Depósitos', 'Retiros', 'Juego responsable', 'Seguridad de la cuenta'],
    [
      [
        'Cómo depositar',
        '<p>Abre <b>Depósito</b> desde el menú o el centro de miembros.</p><ol><li>Elige un canal: transferencia bancaria o pago QR.</li><li>Introduce un importe entre el mínimo y el máximo del canal.</li><li>Transferencia: paga a la cuenta indicada y sube una foto del comprobante. QR: paga en la página que se abre.</li></ol><p>El saldo se acredita en cuanto se confirma el pago. Sigue cada depósito en el <b>Historial de transacciones</b>.</p>',
      ],
      [
        'Cómo retirar, y el rollover',
        '<p>Antes del primer retiro, crea una <b>contraseña de fondos</b> y añade una tarjeta bancaria.</p><ol><li>Abre <b>Retirar</b>, elige la tarjeta e introduce el importe.</li><li>Confirma con la contraseña de fondos.</li></ol><p><b>Rollover:</b> cada depósito y bono suma un importe que debes apostar antes. La pantalla de retiro muestra lo que falta; puedes retirar cuando llega a cero. Hay límites diarios de número e importe total de retiros.</p>',
      ],
      [
        'Límites y recordatorio de realidad',
        '<p>En <b>Juego responsable</b> (centro de miembros) puedes limitar depósitos, pérdidas y apuestas por día, semana o mes. Un límite más bajo se aplica al instante; uno más alto, tras 24 horas.</p><p>El <b>recordatorio de realidad</b> te avisa, cada intervalo que elijas, de cuánto tiempo llevas jugando y cuánto has ganado o perdido.</p>',
      ],
      [
        'Pausa y autoexclusión',
        '<p>Una <b>pausa</b> detiene el juego y los depósitos de 1 a 42 días. La <b>autoexclusión</b> cierra tu cuenta al juego durante al menos 6 meses y no puede terminarse antes.</p><p>Si el juego deja de ser divertido, habla con atención al cliente o con una organización de ayuda cercana.</p>',
      ],
      [
        'Protege tu cuenta',
        '<p>Usa una contraseña segura que no uses en otro sitio y cámbiala en el <b>Centro de seguridad</b>. Una <b>contraseña de fondos</b> aparte protege tus retiros.</p><p>El centro de seguridad muestra los dispositivos con sesión iniciada: cierra la sesión de los que no reconozcas. Para la <b>verificación de identidad</b>, sube una foto de tu documento; los retiros pueden requerir un nombre verificado.</p>',
      ],
    ],
  ),
  RU: topics(
    ['Пополнение', 'Вывод', 'Ответственная игра', 'Безопасность аккаунта'],
    [
      [
        'Как пополнить счёт',
        '<p>Откройте <b>Пополнение</b> в меню или в центре участника.</p><ol><li>Выберите способ: банковский перевод или оплата по QR.</li><li>Введите сумму между минимумом и максимумом способа.</li><li>Перевод: оплатите на указанный счёт и загрузите фото квитанции. QR: оплатите на открывшейся странице.</li></ol><p>Баланс пополняется после подтверждения платежа. Все пополнения видны в <b>Истории операций</b>.</p>',
      ],
      [
        'Как вывести средства и что такое отыгрыш',
        '<p>Перед первым выводом задайте <b>платёжный пароль</b> и добавьте банковскую карту.</p><ol><li>Откройте <b>Вывод</b>, выберите карту и введите сумму.</li><li>Подтвердите платёжным паролем.</li></ol><p><b>Отыгрыш:</b> каждое пополнение и бонус добавляют сумму, которую нужно сначала поставить. Экран вывода показывает остаток; вывести можно, когда он станет нулевым. Действуют дневные лимиты на число и сумму выводов.</p>',
      ],
      [
        'Лимиты и напоминание о реальности',
        '<p>В разделе <b>Ответственная игра</b> (центр участника) можно ограничить пополнения, проигрыши и ставки за день, неделю или месяц. Снижение лимита действует сразу, повышение — через 24 часа.</p><p><b>Напоминание о реальности</b> с выбранной вами периодичностью сообщает, сколько вы играете и сколько выиграли или проиграли.</p>',
      ],
      [
        'Перерыв и самоисключение',
        '<p><b>Перерыв</b> останавливает игру и пополнения на срок от 1 до 42 дней. <b>Самоисключение</b> закрывает аккаунт для азартных игр минимум на 6 месяцев, досрочно его не отменить.</p><p>Если игра перестала радовать, обратитесь в службу поддержки или в организацию помощи рядом с вами.</p>',
      ],
      [
        'Защита аккаунта',
        '<p>Используйте надёжный пароль, который больше нигде не применяете, и меняйте его в <b>Центре безопасности</b>. Отдельный <b>платёжный пароль</b> защищает вывод средств.</p><p>В центре безопасности видны устройства, на которых выполнен вход: завершите сеанс на незнакомых. Для <b>подтверждения личности</b> загрузите фото документа; для вывода может потребоваться подтверждённое имя.</p>',
      ],
    ],
  ),
  TR: topics(
    ['Para yatırma', 'Para çekme', 'Sorumlu oyun', 'Hesap güvenliği'],
    [
      [
        'Nasıl para yatırılır',
        '<p>Menüden veya üye merkezinden <b>Para yatır</b>ı açın.</p><ol><li>Bir kanal seçin: banka havalesi veya QR ödeme.</li><li>Kanalın alt ve üst sınırı arasında bir tutar girin.</li><li>Havale: gösterilen hesaba ödeyin, ardından dekontun fotoğrafını yükleyin. QR: açılan sayfada ödeyin.</li></ol><p>Ödeme onaylanınca bakiyenize eklenir. Her yatırımı <b>İşlem geçmişi</b>nde izleyin.</p>',
      ],
      [
        'Nasıl para çekilir ve çevrim şartı',
        '<p>İlk çekimden önce bir <b>fon şifresi</b> belirleyin ve banka kartı ekleyin.</p><ol><li><b>Para çek</b>i açın, kartı seçin ve tutarı girin.</li><li>Fon şifrenizle onaylayın.</li></ol><p><b>Çevrim:</b> her yatırım ve bonus, önce bahis yapmanız gereken bir tutar ekler. Çekim ekranı kalanı gösterir; sıfırlandığında çekim yapabilirsiniz. Çekim sayısı ve toplamı için günlük sınırlar vardır.</p>',
      ],
      [
        'Limitler ve gerçeklik kontrolü',
        '<p><b>Sorumlu oyun</b> (üye merkezi) bölümünde yatırım, kayıp ve bahislerinizi günlük, haftalık veya aylık sınırlayabilirsiniz. Düşük limit hemen, yüksek limit 24 saat sonra geçerli olur.</p><p><b>Gerçeklik kontrolü</b>, seçtiğiniz aralıklarla ne kadar süredir oynadığınızı ve ne kadar kazanıp kaybettiğinizi hatırlatır.</p>',
      ],
      [
        'Mola ve kendini dışlama',
        '<p><b>Mola</b>, oyunu ve para yatırmayı 1 ila 42 gün durdurur. <b>Kendini dışlama</b> hesabınızı en az 6 ay kumara kapatır ve erken sonlandırılamaz.</p><p>Kumar artık eğlenceli değilse müşteri hizmetleriyle veya yakınınızdaki bir destek kuruluşuyla konuşun.</p>',
      ],
      [
        'Hesabınızı koruyun',
        '<p>Başka yerde kullanmadığınız güçlü bir şifre kullanın ve <b>Güvenlik merkezi</b>nden değiştirin. Ayrı bir <b>fon şifresi</b> çekimlerinizi korur.</p><p>Güvenlik merkezi hesabınıza giriş yapmış cihazları listeler: tanımadıklarınızın oturumunu kapatın. <b>Kimlik doğrulama</b> için kimlik belgenizin fotoğrafını yükleyin; çekimler doğrulanmış ad gerektirebilir.</p>',
      ],
    ],
  ),
  FR: topics(
    ['Dépôts', 'Retraits', 'Jeu responsable', 'Sécurité du compte'],
    [
      [
        'Comment déposer',
        '<p>Ouvrez <b>Dépôt</b> depuis le menu ou l’espace membre.</p><ol><li>Choisissez un canal : virement bancaire ou paiement QR.</li><li>Saisissez un montant entre le minimum et le maximum du canal.</li><li>Virement : payez sur le compte affiché, puis envoyez une photo du reçu. QR : payez sur la page qui s’ouvre.</li></ol><p>Votre solde est crédité dès la confirmation du paiement. Suivez chaque dépôt dans l’<b>Historique des transactions</b>.</p>',
      ],
      [
        'Comment retirer, et le volume de mise',
        '<p>Avant le premier retrait, définissez un <b>mot de passe de fonds</b> et ajoutez une carte bancaire.</p><ol><li>Ouvrez <b>Retrait</b>, choisissez la carte et saisissez le montant.</li><li>Confirmez avec le mot de passe de fonds.</li></ol><p><b>Volume de mise :</b> chaque dépôt et bonus ajoute un montant à miser d’abord. L’écran de retrait affiche le reste ; vous pouvez retirer lorsqu’il atteint zéro. Des limites quotidiennes de nombre et de total de retraits s’appliquent.</p>',
      ],
      [
        'Limites et rappel de réalité',
        '<p>Dans <b>Jeu responsable</b> (espace membre), vous pouvez limiter dépôts, pertes et mises par jour, semaine ou mois. Une limite plus basse s’applique aussitôt ; une plus haute seulement après 24 heures.</p><p>Le <b>rappel de réalité</b> vous indique, à l’intervalle choisi, depuis combien de temps vous jouez et ce que vous avez gagné ou perdu.</p>',
      ],
      [
        'Pause et auto-exclusion',
        '<p>Une <b>pause</b> bloque le jeu et les dépôts de 1 à 42 jours. L’<b>auto-exclusion</b> ferme votre compte aux jeux d’argent pendant au moins 6 mois et ne peut pas être levée plus tôt.</p><p>Si le jeu n’est plus un plaisir, contactez le service client ou une association d’aide près de chez vous.</p>',
      ],
      [
        'Protéger votre compte',
        '<p>Utilisez un mot de passe robuste que vous n’utilisez nulle part ailleurs et changez-le dans le <b>Centre de sécurité</b>. Un <b>mot de passe de fonds</b> distinct protège vos retraits.</p><p>Le centre de sécurité liste les appareils connectés à votre compte : déconnectez ceux que vous ne reconnaissez pas. Pour la <b>vérification d’identité</b>, envoyez une photo de votre pièce d’identité ; les retraits peuvent exiger un nom vérifié.</p>',
      ],
    ],
  ),
};

import type { LegalKind } from '@playhouse/contract/legal';

/**
 * The platform's demo texts of the legal and responsible-gambling documents, in each language of the
 * demo operator. They say honestly what they are: a demonstration site without a gambling licence,
 * showing where an operator publishes its own texts (which it edits in the back office). The
 * responsible-gambling text promises only the tools the site has.
 */

export interface SeedDocument {
  title: string;
  html: string;
}

type Texts = Record<LegalKind, [title: string, ...paragraphs: string[]]>;

const docs = (texts: Texts): Record<LegalKind, SeedDocument> =>
  Object.fromEntries(
    Object.entries(texts).map(([kind, [title, ...paragraphs]]) => [
      kind,
      { title, html: paragraphs.map((p) => `<p>${p}</p>`).join('') },
    ]),
  ) as Record<LegalKind, SeedDocument>;

export const LEGAL_SEED: Record<string, Record<LegalKind, SeedDocument>> = {
  EN: docs({
    terms: [
      'Terms of service',
      'These are the demonstration terms of a Playhouse demo site. They show where an operator publishes its own terms; they are not a contract.',
      'To play you must be 18 or older and hold only one account. Every round is settled by the game’s published rules and its result is final once shown.',
    ],
    privacy: [
      'Privacy notice',
      'This demo site keeps what you give when you sign up (user name, and any phone, e-mail or identity document you add), your transactions and your game rounds, to run your account and meet legal duties.',
      'Nothing is sold to anyone. Ask customer service for a copy of your data, or for its deletion where the law allows.',
    ],
    licence: [
      'Licence',
      'This is a demonstration site: it holds no gambling licence, and no real-money gambling is offered under this text.',
      'A licensed operator states here its regulator, its licence number and a link to the regulator’s public register.',
    ],
    age: [
      '18+ only',
      'Gambling is for adults only. You must be 18 or older, or the higher age your country sets, to open an account or play.',
      'We may ask for proof of age at any time; accounts of minors are closed and their stakes returned.',
    ],
    responsible: [
      'Responsible gambling',
      'Gambling should be entertainment, never a way to make money. Set a budget and a time limit before you play.',
      'In the member centre you can set deposit, loss and wager limits, a reality check, a time-out of 1 to 42 days or a self-exclusion of 6 months or more. If gambling stops being fun, talk to customer service or a support organisation near you.',
    ],
    complaints: [
      'Complaints',
      'If something went wrong, write to customer service in live chat with your user name and, for a round or a payment, its number. We answer within 48 hours.',
      'If the answer does not settle it, ask for a review by a manager. A licensed operator also names here the independent body you can turn to.',
    ],
  }),
  TY: docs({
    terms: [
      'Mga tuntunin ng serbisyo',
      'Ito ang mga pang-demonstrasyong tuntunin ng isang demo site ng Playhouse. Ipinapakita nito kung saan inilalathala ng operator ang sarili nitong mga tuntunin; hindi ito isang kontrata.',
      'Para makapaglaro, dapat ay 18 taong gulang ka pataas at iisa lang ang account mo. Bawat round ay inaayos ayon sa nakalathalang patakaran ng laro at pinal ang resulta nito kapag naipakita na.',
    ],
    privacy: [
      'Abiso sa privacy',
      'Iniingatan ng demo site na ito ang ibinigay mo sa pag-sign up (user name, at anumang telepono, e-mail o ID na idinagdag mo), ang iyong mga transaksyon at mga round ng laro, para patakbuhin ang account mo at tuparin ang mga tungkulin sa batas.',
      'Walang ibinebenta kaninuman. Humingi sa customer service ng kopya ng iyong data, o ipabura ito kung pinapayagan ng batas.',
    ],
    licence: [
      'Lisensya',
      'Isa itong demonstration site: wala itong lisensya sa pagsusugal, at walang sugal na may totoong pera na iniaalok sa ilalim ng tekstong ito.',
      'Ang isang lisensyadong operator ay naglalagay dito ng regulator nito, numero ng lisensya at link sa pampublikong rehistro ng regulator.',
    ],
    age: [
      '18+ lamang',
      'Para sa mga nasa hustong gulang lamang ang pagsusugal. Dapat ay 18 taong gulang ka pataas, o ang mas mataas na edad na itinakda ng iyong bansa, para magbukas ng account o maglaro.',
      'Maaari kaming humingi ng patunay ng edad anumang oras; isinasara ang mga account ng menor de edad at ibinabalik ang kanilang mga taya.',
    ],
    responsible: [
      'Responsableng pagsusugal',
      'Dapat ay libangan ang pagsusugal, hindi paraan para kumita. Magtakda ng badyet at limitasyon sa oras bago maglaro.',
      'Sa member centre, maaari kang magtakda ng limitasyon sa deposito, talo at taya, reality check, time-out na 1 hanggang 42 araw o self-exclusion na 6 na buwan o higit pa. Kung hindi na masaya ang pagsusugal, kausapin ang customer service o isang support organisation na malapit sa iyo.',
    ],
    complaints: [
      'Mga reklamo',
      'Kung may nangyaring mali, sumulat sa customer service sa live chat kasama ang iyong user name at, para sa isang round o bayad, ang numero nito. Sumasagot kami sa loob ng 48 oras.',
      'Kung hindi naayos ng sagot, humiling ng pagsusuri ng isang manager. Pinangangalanan din dito ng lisensyadong operator ang independiyenteng ahensyang maaari mong lapitan.',
    ],
  }),
  CN: docs({
    terms: [
      '服务条款',
      '这是 Playhouse 演示网站的示范条款，用于展示运营商发布自身条款的位置，并非合同。',
      '您须年满 18 岁且只能持有一个账户方可游戏。每局均按游戏公布的规则结算，结果一经显示即为最终结果。',
    ],
    privacy: [
      '隐私声明',
      '本演示网站会保存您注册时提供的信息（用户名，以及您添加的电话、电子邮箱或身份证件）、您的交易和游戏记录，用于运营您的账户并履行法律义务。',
      '我们不会向任何人出售数据。您可以向客服索取您的数据副本，或在法律允许的情况下要求删除。',
    ],
    licence: [
      '牌照',
      '这是一个演示网站：它不持有任何博彩牌照，本文本之下不提供任何真钱博彩。',
      '持牌运营商会在此注明其监管机构、牌照编号以及监管机构公开登记册的链接。',
    ],
    age: [
      '仅限 18 岁以上',
      '博彩仅限成年人参与。您必须年满 18 岁（或您所在国家规定的更高年龄）才能开设账户或游戏。',
      '我们可随时要求您出示年龄证明；未成年人的账户将被关闭，其投注将予退还。',
    ],
    responsible: [
      '负责任博彩',
      '博彩应是一种娱乐，绝不是赚钱的方式。游戏前请先设定预算和时间限制。',
      '在会员中心，您可以设置存款、亏损和投注限额、现实提醒、1 至 42 天的暂停，或 6 个月及以上的自我排除。如果博彩不再有趣，请联系客服或您附近的援助机构。',
    ],
    complaints: [
      '投诉',
      '如果出现问题，请在在线客服中写明您的用户名；涉及某局游戏或某笔支付时，请附上其编号。我们会在 48 小时内答复。',
      '如果答复未能解决问题，您可以要求经理复核。持牌运营商还会在此列明您可求助的独立机构。',
    ],
  }),
  TW: docs({
    terms: [
      '服務條款',
      '這是 Playhouse 示範網站的示範條款，用於展示營運商發布自身條款的位置，並非合約。',
      '您須年滿 18 歲且只能持有一個帳戶方可遊戲。每局均依遊戲公布的規則結算，結果一經顯示即為最終結果。',
    ],
    privacy: [
      '隱私聲明',
      '本示範網站會保存您註冊時提供的資料（使用者名稱，以及您新增的電話、電子郵件或身分證件）、您的交易與遊戲紀錄，用於營運您的帳戶並履行法律義務。',
      '我們不會向任何人出售資料。您可以向客服索取您的資料副本，或在法律允許的情況下要求刪除。',
    ],
    licence: [
      '牌照',
      '這是一個示範網站：它不持有任何博彩牌照，本文字之下不提供任何真錢博彩。',
      '持牌營運商會在此註明其監管機構、牌照編號以及監管機構公開登記冊的連結。',
    ],
    age: [
      '僅限 18 歲以上',
      '博彩僅限成年人參與。您必須年滿 18 歲（或您所在國家規定的更高年齡）才能開設帳戶或遊戲。',
      '我們可隨時要求您出示年齡證明；未成年人的帳戶將被關閉，其投注將予退還。',
    ],
    responsible: [
      '負責任博彩',
      '博彩應是一種娛樂，絕不是賺錢的方式。遊戲前請先設定預算與時間限制。',
      '在會員中心，您可以設定存款、虧損與投注限額、現實提醒、1 至 42 天的暫停，或 6 個月以上的自我排除。如果博彩不再有趣，請聯絡客服或您附近的協助機構。',
    ],
    complaints: [
      '投訴',
      '如果出現問題，請在線上客服中寫明您的使用者名稱；涉及某局遊戲或某筆付款時，請附上其編號。我們會在 48 小時內回覆。',
      '如果回覆未能解決問題，您可以要求經理複核。持牌營運商也會在此列明您可求助的獨立機構。',
    ],
  }),
  JA: docs({
    terms: [
      '利用規約',
      'これは Playhouse デモサイトのデモ用規約です。運営者が自らの規約を掲載する場所を示すもので、契約ではありません。',
      'プレイするには 18 歳以上で、アカウントは 1 つだけでなければなりません。各ラウンドはゲームの公開ルールに従って精算され、表示された結果が最終となります。',
    ],
    privacy: [
      'プライバシーに関するお知らせ',
      'このデモサイトは、登録時にご提供いただいた情報（ユーザー名と、追加された電話番号・メールアドレス・本人確認書類）、お取引とゲームのラウンドを、アカウントの運営と法的義務の履行のために保管します。',
      'データを誰かに販売することはありません。データの写しの提供、または法律が認める範囲での削除をカスタマーサービスにご依頼いただけます。',
    ],
    licence: [
      'ライセンス',
      'これはデモサイトです。ギャンブルのライセンスは保有しておらず、この文面のもとで実際のお金を賭けるギャンブルは提供していません。',
      'ライセンスを持つ運営者は、ここに規制機関、ライセンス番号、規制機関の公開登録簿へのリンクを記載します。',
    ],
    age: [
      '18 歳以上限定',
      'ギャンブルは成人のみが対象です。アカウントの開設やプレイには 18 歳以上（またはお住まいの国が定めるそれ以上の年齢）である必要があります。',
      '年齢の証明をいつでもお願いすることがあります。未成年者のアカウントは閉鎖され、賭け金は返金されます。',
    ],
    responsible: [
      '責任あるギャンブル',
      'ギャンブルは娯楽であり、お金を稼ぐ手段ではありません。プレイの前に予算と時間の上限を決めてください。',
      'メンバーセンターでは、入金・損失・ベットの上限、リアリティチェック、1～42 日間のタイムアウト、6 か月以上の自己排除を設定できます。ギャンブルが楽しくなくなったら、カスタマーサービスまたはお近くの支援団体にご相談ください。',
    ],
    complaints: [
      '苦情',
      '問題があった場合は、ライブチャットでユーザー名と、ラウンドやお支払いについてはその番号を添えてカスタマーサービスにお知らせください。48 時間以内にお答えします。',
      '回答で解決しない場合は、責任者による再検討をご依頼ください。ライセンスを持つ運営者は、相談できる独立機関もここに記載します。',
    ],
  }),
  KO: docs({
    terms: [
      '서비스 약관',
      '이것은 Playhouse 데모 사이트의 시연용 약관입니다. 운영자가 자체 약관을 게시하는 위치를 보여 줄 뿐이며 계약이 아닙니다.',
      '플레이하려면 만 18세 이상이어야 하며 계정은 하나만 가질 수 있습니다. 모든 라운드는 게임의 공개 규칙에 따라 정산되며 표시된 결과가 최종입니다.',
    ],
    privacy: [
      '개인정보 안내',
      '이 데모 사이트는 가입 시 제공한 정보(사용자 이름과 추가한 전화번호, 이메일 또는 신분증), 거래 및 게임 라운드를 계정 운영과 법적 의무 이행을 위해 보관합니다.',
      '어떤 데이터도 판매하지 않습니다. 고객센터에 데이터 사본을 요청하거나 법이 허용하는 경우 삭제를 요청할 수 있습니다.',
    ],
    licence: [
      '라이선스',
      '이 사이트는 시연용 사이트로, 도박 라이선스가 없으며 이 문서에 따라 실제 돈을 거는 도박을 제공하지 않습니다.',
      '라이선스를 가진 운영자는 여기에 규제 기관, 라이선스 번호, 규제 기관 공개 등록부 링크를 기재합니다.',
    ],
    age: [
      '18세 이상 전용',
      '도박은 성인만 할 수 있습니다. 계정을 만들거나 플레이하려면 만 18세 이상이거나 거주 국가가 정한 더 높은 나이 이상이어야 합니다.',
      '언제든지 나이 증명을 요청할 수 있으며, 미성년자의 계정은 폐쇄되고 베팅 금액은 반환됩니다.',
    ],
    responsible: [
      '책임 있는 도박',
      '도박은 오락이어야 하며 돈을 버는 수단이 아닙니다. 플레이하기 전에 예산과 시간 한도를 정하세요.',
      '회원 센터에서 입금·손실·베팅 한도, 리얼리티 체크, 1~42일 타임아웃, 6개월 이상의 자기 제한을 설정할 수 있습니다. 도박이 더 이상 즐겁지 않다면 고객센터나 가까운 지원 기관에 상담하세요.',
    ],
    complaints: [
      '불만 접수',
      '문제가 생기면 라이브 채팅으로 사용자 이름과, 라운드나 결제에 관한 경우 그 번호를 적어 고객센터에 알려 주세요. 48시간 이내에 답변합니다.',
      '답변으로 해결되지 않으면 관리자의 재검토를 요청하세요. 라이선스를 가진 운영자는 도움을 청할 수 있는 독립 기관도 여기에 안내합니다.',
    ],
  }),
  TH: docs({
    terms: [
      'ข้อกำหนดการให้บริการ',
      'นี่คือข้อกำหนดสำหรับสาธิตของเว็บไซต์เดโม Playhouse เพื่อแสดงตำแหน่งที่ผู้ให้บริการเผยแพร่ข้อกำหนดของตนเอง ไม่ใช่สัญญา',
      'ผู้เล่นต้องมีอายุ 18 ปีขึ้นไปและมีบัญชีเพียงบัญชีเดียว ทุกรอบจะชำระตามกติกาที่เกมเผยแพร่ และผลถือเป็นที่สิ้นสุดเมื่อแสดงแล้ว',
    ],
    privacy: [
      'ประกาศความเป็นส่วนตัว',
      'เว็บไซต์เดโมนี้เก็บข้อมูลที่คุณให้ไว้ตอนสมัคร (ชื่อผู้ใช้ และโทรศัพท์ อีเมล หรือเอกสารยืนยันตัวตนที่คุณเพิ่ม) ธุรกรรมและรอบเกมของคุณ เพื่อดำเนินการบัญชีและปฏิบัติตามกฎหมาย',
      'เราไม่ขายข้อมูลให้ใคร คุณขอสำเนาข้อมูลของคุณ หรือขอให้ลบเมื่อกฎหมายอนุญาต ได้ที่ฝ่ายบริการลูกค้า',
    ],
    licence: [
      'ใบอนุญาต',
      'นี่คือเว็บไซต์สาธิต ไม่มีใบอนุญาตการพนัน และไม่มีการพนันด้วยเงินจริงภายใต้ข้อความนี้',
      'ผู้ให้บริการที่มีใบอนุญาตจะระบุหน่วยงานกำกับดูแล เลขที่ใบอนุญาต และลิงก์ไปยังทะเบียนสาธารณะของหน่วยงานไว้ที่นี่',
    ],
    age: [
      'สำหรับ 18+ เท่านั้น',
      'การพนันสำหรับผู้ใหญ่เท่านั้น คุณต้องมีอายุ 18 ปีขึ้นไป หรือตามอายุที่สูงกว่าที่ประเทศของคุณกำหนด จึงจะเปิดบัญชีหรือเล่นได้',
      'เราอาจขอหลักฐานอายุได้ทุกเมื่อ บัญชีของผู้เยาว์จะถูกปิดและคืนเงินเดิมพัน',
    ],
    responsible: [
      'การพนันอย่างรับผิดชอบ',
      'การพนันควรเป็นความบันเทิง ไม่ใช่วิธีหาเงิน ตั้งงบประมาณและเวลาก่อนเล่น',
      'ในศูนย์สมาชิก คุณตั้งวงเงินฝาก วงเงินขาดทุน และวงเงินเดิมพัน การเตือนเวลาเล่น การพัก 1 ถึง 42 วัน หรือการแยกตัวเอง 6 เดือนขึ้นไปได้ หากการพนันไม่สนุกอีกต่อไป โปรดคุยกับฝ่ายบริการลูกค้าหรือองค์กรช่วยเหลือใกล้คุณ',
    ],
    complaints: [
      'การร้องเรียน',
      'หากมีปัญหา โปรดแจ้งฝ่ายบริการลูกค้าทางแชทสดพร้อมชื่อผู้ใช้ และหมายเลขของรอบหรือการชำระเงินที่เกี่ยวข้อง เราจะตอบภายใน 48 ชั่วโมง',
      'หากคำตอบยังไม่แก้ปัญหา ขอให้ผู้จัดการทบทวนได้ ผู้ให้บริการที่มีใบอนุญาตจะระบุหน่วยงานอิสระที่คุณติดต่อได้ไว้ที่นี่ด้วย',
    ],
  }),
  VI: docs({
    terms: [
      'Điều khoản dịch vụ',
      'Đây là điều khoản minh họa của một trang demo Playhouse. Chúng cho thấy nơi nhà điều hành đăng điều khoản của mình; đây không phải là hợp đồng.',
      'Để chơi, bạn phải từ 18 tuổi trở lên và chỉ có một tài khoản. Mỗi ván được thanh toán theo luật đã công bố của trò chơi và kết quả là cuối cùng khi đã hiển thị.',
    ],
    privacy: [
      'Thông báo quyền riêng tư',
      'Trang demo này lưu những gì bạn cung cấp khi đăng ký (tên người dùng, cùng số điện thoại, e-mail hoặc giấy tờ tùy thân bạn thêm vào), các giao dịch và ván chơi của bạn, để vận hành tài khoản và thực hiện nghĩa vụ pháp lý.',
      'Không có dữ liệu nào được bán cho ai. Hãy yêu cầu bộ phận chăm sóc khách hàng gửi bản sao dữ liệu của bạn, hoặc xóa dữ liệu khi pháp luật cho phép.',
    ],
    licence: [
      'Giấy phép',
      'Đây là trang minh họa: trang không có giấy phép cờ bạc, và không có hoạt động cờ bạc bằng tiền thật nào được cung cấp theo văn bản này.',
      'Nhà điều hành có giấy phép sẽ ghi tại đây cơ quan quản lý, số giấy phép và liên kết đến sổ đăng ký công khai của cơ quan đó.',
    ],
    age: [
      'Chỉ dành cho 18+',
      'Cờ bạc chỉ dành cho người trưởng thành. Bạn phải từ 18 tuổi trở lên, hoặc độ tuổi cao hơn mà quốc gia bạn quy định, để mở tài khoản hoặc chơi.',
      'Chúng tôi có thể yêu cầu bằng chứng về tuổi bất cứ lúc nào; tài khoản của người chưa thành niên sẽ bị đóng và tiền cược được hoàn lại.',
    ],
    responsible: [
      'Cờ bạc có trách nhiệm',
      'Cờ bạc nên là giải trí, không bao giờ là cách kiếm tiền. Hãy đặt ngân sách và giới hạn thời gian trước khi chơi.',
      'Trong trung tâm thành viên, bạn có thể đặt giới hạn nạp, thua và cược, nhắc nhở thời gian chơi, tạm nghỉ từ 1 đến 42 ngày hoặc tự loại trừ từ 6 tháng trở lên. Nếu cờ bạc không còn vui, hãy nói chuyện với bộ phận chăm sóc khách hàng hoặc một tổ chức hỗ trợ gần bạn.',
    ],
    complaints: [
      'Khiếu nại',
      'Nếu có sự cố, hãy nhắn cho bộ phận chăm sóc khách hàng qua trò chuyện trực tuyến kèm tên người dùng và, với một ván hoặc một khoản thanh toán, mã số của nó. Chúng tôi trả lời trong vòng 48 giờ.',
      'Nếu câu trả lời chưa giải quyết được, hãy yêu cầu quản lý xem xét lại. Nhà điều hành có giấy phép cũng ghi tại đây cơ quan độc lập mà bạn có thể liên hệ.',
    ],
  }),
  ID: docs({
    terms: [
      'Ketentuan layanan',
      'Ini adalah ketentuan demonstrasi dari situs demo Playhouse. Ketentuan ini menunjukkan tempat operator menerbitkan ketentuannya sendiri; ini bukan kontrak.',
      'Untuk bermain, Anda harus berusia 18 tahun ke atas dan hanya memiliki satu akun. Setiap ronde diselesaikan menurut aturan permainan yang dipublikasikan dan hasilnya final setelah ditampilkan.',
    ],
    privacy: [
      'Pemberitahuan privasi',
      'Situs demo ini menyimpan apa yang Anda berikan saat mendaftar (nama pengguna, serta telepon, e-mail, atau dokumen identitas yang Anda tambahkan), transaksi dan ronde permainan Anda, untuk menjalankan akun Anda dan memenuhi kewajiban hukum.',
      'Tidak ada yang dijual kepada siapa pun. Minta layanan pelanggan untuk salinan data Anda, atau penghapusannya bila hukum mengizinkan.',
    ],
    licence: [
      'Lisensi',
      'Ini adalah situs demonstrasi: situs ini tidak memiliki lisensi perjudian, dan tidak ada perjudian dengan uang sungguhan yang ditawarkan berdasarkan teks ini.',
      'Operator berlisensi mencantumkan di sini regulatornya, nomor lisensinya, dan tautan ke daftar publik regulator.',
    ],
    age: [
      'Khusus 18+',
      'Perjudian hanya untuk orang dewasa. Anda harus berusia 18 tahun ke atas, atau usia lebih tinggi yang ditetapkan negara Anda, untuk membuka akun atau bermain.',
      'Kami dapat meminta bukti usia kapan saja; akun anak di bawah umur ditutup dan taruhannya dikembalikan.',
    ],
    responsible: [
      'Perjudian yang bertanggung jawab',
      'Perjudian seharusnya hiburan, bukan cara mencari uang. Tetapkan anggaran dan batas waktu sebelum bermain.',
      'Di pusat anggota, Anda dapat menetapkan batas deposit, kekalahan, dan taruhan, pengingat waktu bermain, jeda 1 hingga 42 hari, atau pengecualian diri 6 bulan atau lebih. Jika berjudi tidak lagi menyenangkan, bicaralah dengan layanan pelanggan atau lembaga pendukung di dekat Anda.',
    ],
    complaints: [
      'Pengaduan',
      'Jika ada yang salah, tulis ke layanan pelanggan melalui obrolan langsung dengan nama pengguna Anda dan, untuk ronde atau pembayaran, nomornya. Kami menjawab dalam 48 jam.',
      'Jika jawaban belum menyelesaikannya, minta peninjauan oleh manajer. Operator berlisensi juga mencantumkan di sini lembaga independen yang dapat Anda hubungi.',
    ],
  }),
  MS: docs({
    terms: [
      'Terma perkhidmatan',
      'Ini ialah terma demonstrasi bagi laman demo Playhouse. Ia menunjukkan tempat pengendali menerbitkan termanya sendiri; ia bukan kontrak.',
      'Untuk bermain, anda mesti berumur 18 tahun ke atas dan memiliki satu akaun sahaja. Setiap pusingan diselesaikan mengikut peraturan permainan yang diterbitkan dan keputusannya muktamad sebaik dipaparkan.',
    ],
    privacy: [
      'Notis privasi',
      'Laman demo ini menyimpan apa yang anda berikan semasa mendaftar (nama pengguna, serta telefon, e-mel atau dokumen pengenalan yang anda tambah), transaksi dan pusingan permainan anda, untuk mengendalikan akaun anda dan memenuhi kewajipan undang-undang.',
      'Tiada apa-apa dijual kepada sesiapa. Minta khidmat pelanggan untuk salinan data anda, atau pemadamannya jika undang-undang membenarkan.',
    ],
    licence: [
      'Lesen',
      'Ini ialah laman demonstrasi: ia tidak memegang lesen perjudian, dan tiada perjudian dengan wang sebenar ditawarkan di bawah teks ini.',
      'Pengendali berlesen menyatakan di sini pengawal selianya, nombor lesennya dan pautan ke daftar awam pengawal selia.',
    ],
    age: [
      '18+ sahaja',
      'Perjudian hanya untuk orang dewasa. Anda mesti berumur 18 tahun ke atas, atau umur lebih tinggi yang ditetapkan negara anda, untuk membuka akaun atau bermain.',
      'Kami boleh meminta bukti umur pada bila-bila masa; akaun kanak-kanak bawah umur ditutup dan pertaruhan mereka dipulangkan.',
    ],
    responsible: [
      'Perjudian bertanggungjawab',
      'Perjudian sepatutnya hiburan, bukan cara untuk mencari wang. Tetapkan bajet dan had masa sebelum bermain.',
      'Di pusat ahli, anda boleh menetapkan had deposit, kerugian dan pertaruhan, semakan realiti, rehat 1 hingga 42 hari atau pengecualian diri 6 bulan atau lebih. Jika perjudian tidak lagi menyeronokkan, bercakaplah dengan khidmat pelanggan atau organisasi sokongan berhampiran anda.',
    ],
    complaints: [
      'Aduan',
      'Jika berlaku masalah, tulis kepada khidmat pelanggan dalam sembang langsung dengan nama pengguna anda dan, bagi pusingan atau pembayaran, nombornya. Kami menjawab dalam 48 jam.',
      'Jika jawapan tidak menyelesaikannya, minta semakan oleh pengurus. Pengendali berlesen juga menamakan di sini badan bebas yang boleh anda hubungi.',
    ],
  }),
  HI: docs({
    terms: [
      'सेवा की शर्तें',
      'ये Playhouse डेमो साइट की प्रदर्शन-मात्र शर्तें हैं। ये दिखाती हैं कि ऑपरेटर अपनी शर्तें कहाँ प्रकाशित करता है; यह कोई अनुबंध नहीं है।',
      'खेलने के लिए आपकी उम्र 18 वर्ष या अधिक होनी चाहिए और आपका केवल एक खाता होना चाहिए। हर राउंड खेल के प्रकाशित नियमों से तय होता है और दिखाए जाने के बाद उसका परिणाम अंतिम है।',
    ],
    privacy: [
      'गोपनीयता सूचना',
      'यह डेमो साइट साइन अप पर दी गई जानकारी (यूज़र नेम, और आपके जोड़े गए फ़ोन, ई-मेल या पहचान दस्तावेज़), आपके लेन-देन और गेम राउंड, आपका खाता चलाने और कानूनी दायित्व पूरे करने के लिए रखती है।',
      'कुछ भी किसी को बेचा नहीं जाता। अपने डेटा की प्रति, या कानून अनुमति दे तो उसे मिटाने के लिए, ग्राहक सेवा से कहें।',
    ],
    licence: [
      'लाइसेंस',
      'यह एक प्रदर्शन साइट है: इसके पास कोई जुआ लाइसेंस नहीं है, और इस पाठ के तहत असली पैसे का कोई जुआ नहीं दिया जाता।',
      'लाइसेंस प्राप्त ऑपरेटर यहाँ अपना नियामक, लाइसेंस नंबर और नियामक के सार्वजनिक रजिस्टर का लिंक बताता है।',
    ],
    age: [
      'केवल 18+',
      'जुआ केवल वयस्कों के लिए है। खाता खोलने या खेलने के लिए आपकी उम्र 18 वर्ष या आपके देश द्वारा तय अधिक उम्र होनी चाहिए।',
      'हम कभी भी उम्र का प्रमाण माँग सकते हैं; नाबालिगों के खाते बंद किए जाते हैं और उनके दांव लौटाए जाते हैं।',
    ],
    responsible: [
      'ज़िम्मेदार जुआ',
      'जुआ मनोरंजन होना चाहिए, पैसा कमाने का तरीका कभी नहीं। खेलने से पहले बजट और समय-सीमा तय करें।',
      'सदस्य केंद्र में आप जमा, हानि और दांव की सीमाएँ, रियलिटी चेक, 1 से 42 दिन का टाइम-आउट या 6 महीने या अधिक का स्व-बहिष्कार तय कर सकते हैं। अगर जुआ मज़ेदार न रहे, तो ग्राहक सेवा या अपने पास के किसी सहायता संगठन से बात करें।',
    ],
    complaints: [
      'शिकायतें',
      'अगर कुछ गलत हुआ, तो लाइव चैट में ग्राहक सेवा को अपना यूज़र नेम और, किसी राउंड या भुगतान के लिए, उसका नंबर लिखें। हम 48 घंटों में जवाब देते हैं।',
      'अगर जवाब से मामला न सुलझे, तो किसी मैनेजर से समीक्षा माँगें। लाइसेंस प्राप्त ऑपरेटर यहाँ वह स्वतंत्र संस्था भी बताता है जिससे आप संपर्क कर सकते हैं।',
    ],
  }),
  AR: docs({
    terms: [
      'شروط الخدمة',
      'هذه شروط تجريبية لموقع Playhouse التجريبي. تبيّن المكان الذي ينشر فيه المشغّل شروطه الخاصة، وليست عقدًا.',
      'لكي تلعب يجب أن يكون عمرك 18 عامًا أو أكثر وأن تملك حسابًا واحدًا فقط. تُسوّى كل جولة وفق قواعد اللعبة المنشورة، وتكون نتيجتها نهائية بمجرد عرضها.',
    ],
    privacy: [
      'إشعار الخصوصية',
      'يحتفظ هذا الموقع التجريبي بما تقدّمه عند التسجيل (اسم المستخدم، وأي هاتف أو بريد إلكتروني أو وثيقة هوية تضيفها) وبمعاملاتك وجولات لعبك، لتشغيل حسابك والوفاء بالالتزامات القانونية.',
      'لا نبيع شيئًا لأحد. اطلب من خدمة العملاء نسخة من بياناتك، أو حذفها حيث يسمح القانون.',
    ],
    licence: [
      'الترخيص',
      'هذا موقع تجريبي: لا يحمل أي ترخيص للمقامرة، ولا تُقدَّم بموجب هذا النص أي مقامرة بأموال حقيقية.',
      'يذكر المشغّل المرخّص هنا الجهة الرقابية ورقم الترخيص ورابطًا إلى السجل العام للجهة الرقابية.',
    ],
    age: [
      'لمن هم فوق 18 فقط',
      'المقامرة للبالغين فقط. يجب أن يكون عمرك 18 عامًا أو أكثر، أو السن الأعلى الذي يحدده بلدك، لفتح حساب أو اللعب.',
      'قد نطلب إثبات العمر في أي وقت؛ وتُغلق حسابات القاصرين وتُعاد رهاناتهم.',
    ],
    responsible: [
      'المقامرة المسؤولة',
      'ينبغي أن تكون المقامرة تسلية، لا وسيلة لكسب المال. حدّد ميزانية ومدة قبل أن تلعب.',
      'في مركز الأعضاء يمكنك وضع حدود للإيداع والخسارة والرهان، وتذكير بالوقت، وإيقاف مؤقت من 1 إلى 42 يومًا، أو استبعاد ذاتي لمدة 6 أشهر أو أكثر. إذا لم تعد المقامرة ممتعة، فتحدّث إلى خدمة العملاء أو إلى جهة دعم قريبة منك.',
    ],
    complaints: [
      'الشكاوى',
      'إذا حدث خطأ، فاكتب إلى خدمة العملاء في الدردشة المباشرة مع اسم المستخدم، ورقم الجولة أو الدفعة إن تعلّق الأمر بها. نردّ خلال 48 ساعة.',
      'إذا لم يحلّ الرد المشكلة، فاطلب مراجعته من قِبل مدير. ويذكر المشغّل المرخّص هنا أيضًا الجهة المستقلة التي يمكنك اللجوء إليها.',
    ],
  }),
  FA: docs({
    terms: [
      'شرایط خدمات',
      'این‌ها شرایط نمایشی یک سایت دمو Playhouse است. نشان می‌دهد اپراتور شرایط خود را کجا منتشر می‌کند؛ قرارداد نیست.',
      'برای بازی باید ۱۸ سال یا بیشتر داشته باشید و فقط یک حساب داشته باشید. هر دور طبق قوانین منتشرشدهٔ بازی تسویه می‌شود و نتیجه پس از نمایش نهایی است.',
    ],
    privacy: [
      'اطلاعیهٔ حریم خصوصی',
      'این سایت دمو آنچه هنگام ثبت‌نام می‌دهید (نام کاربری و هر تلفن، ایمیل یا مدرک شناسایی که اضافه کنید)، تراکنش‌ها و دورهای بازی شما را برای ادارهٔ حسابتان و انجام تکالیف قانونی نگه می‌دارد.',
      'هیچ چیز به کسی فروخته نمی‌شود. از پشتیبانی مشتریان نسخه‌ای از داده‌هایتان یا حذف آن‌ها را، جایی که قانون اجازه دهد، بخواهید.',
    ],
    licence: [
      'مجوز',
      'این یک سایت نمایشی است: هیچ مجوز قماری ندارد و تحت این متن هیچ قماری با پول واقعی ارائه نمی‌شود.',
      'اپراتور دارای مجوز در اینجا نهاد ناظر، شمارهٔ مجوز و پیوندی به فهرست عمومی نهاد ناظر را ذکر می‌کند.',
    ],
    age: [
      'فقط ۱۸+',
      'قمار فقط برای بزرگسالان است. برای باز کردن حساب یا بازی باید ۱۸ سال یا سن بالاتری که کشورتان تعیین کرده داشته باشید.',
      'ممکن است هر زمان مدرک سن بخواهیم؛ حساب افراد زیر سن قانونی بسته و شرط‌هایشان بازگردانده می‌شود.',
    ],
    responsible: [
      'قمار مسئولانه',
      'قمار باید سرگرمی باشد، نه راهی برای پول درآوردن. پیش از بازی بودجه و محدودیت زمانی تعیین کنید.',
      'در مرکز اعضا می‌توانید محدودیت واریز، باخت و شرط، یادآور زمان، وقفهٔ ۱ تا ۴۲ روزه یا خودمحرومی ۶ ماهه یا بیشتر تعیین کنید. اگر قمار دیگر سرگرم‌کننده نیست، با پشتیبانی مشتریان یا یک نهاد حمایتی نزدیک خود صحبت کنید.',
    ],
    complaints: [
      'شکایات',
      'اگر مشکلی پیش آمد، در گفتگوی زنده با نام کاربری خود و، برای یک دور یا پرداخت، شمارهٔ آن به پشتیبانی مشتریان بنویسید. ظرف ۴۸ ساعت پاسخ می‌دهیم.',
      'اگر پاسخ مشکل را حل نکرد، بازبینی توسط یک مدیر را بخواهید. اپراتور دارای مجوز در اینجا نهاد مستقلی را هم که می‌توانید به آن مراجعه کنید نام می‌برد.',
    ],
  }),
  UR: docs({
    terms: [
      'سروس کی شرائط',
      'یہ Playhouse ڈیمو سائٹ کی نمائشی شرائط ہیں۔ یہ دکھاتی ہیں کہ آپریٹر اپنی شرائط کہاں شائع کرتا ہے؛ یہ کوئی معاہدہ نہیں۔',
      'کھیلنے کے لیے آپ کی عمر 18 سال یا زیادہ ہونی چاہیے اور آپ کا صرف ایک اکاؤنٹ ہونا چاہیے۔ ہر راؤنڈ گیم کے شائع شدہ قواعد کے مطابق طے ہوتا ہے اور دکھائے جانے کے بعد اس کا نتیجہ حتمی ہے۔',
    ],
    privacy: [
      'رازداری کا نوٹس',
      'یہ ڈیمو سائٹ سائن اپ پر دی گئی معلومات (یوزر نیم، اور آپ کے شامل کردہ فون، ای میل یا شناختی دستاویز)، آپ کے لین دین اور گیم راؤنڈ، آپ کا اکاؤنٹ چلانے اور قانونی ذمہ داریاں پوری کرنے کے لیے رکھتی ہے۔',
      'کچھ بھی کسی کو فروخت نہیں کیا جاتا۔ اپنے ڈیٹا کی نقل، یا قانون اجازت دے تو اسے مٹانے کے لیے، کسٹمر سروس سے کہیں۔',
    ],
    licence: [
      'لائسنس',
      'یہ ایک نمائشی سائٹ ہے: اس کے پاس جوئے کا کوئی لائسنس نہیں، اور اس متن کے تحت اصلی رقم کا کوئی جوا پیش نہیں کیا جاتا۔',
      'لائسنس یافتہ آپریٹر یہاں اپنا ریگولیٹر، لائسنس نمبر اور ریگولیٹر کے عوامی رجسٹر کا لنک درج کرتا ہے۔',
    ],
    age: [
      'صرف 18+',
      'جوا صرف بالغوں کے لیے ہے۔ اکاؤنٹ کھولنے یا کھیلنے کے لیے آپ کی عمر 18 سال یا آپ کے ملک کی مقرر کردہ زیادہ عمر ہونی چاہیے۔',
      'ہم کسی بھی وقت عمر کا ثبوت مانگ سکتے ہیں؛ نابالغوں کے اکاؤنٹ بند کر دیے جاتے ہیں اور ان کی شرطیں واپس کی جاتی ہیں۔',
    ],
    responsible: [
      'ذمہ دارانہ جوا',
      'جوا تفریح ہونا چاہیے، پیسہ کمانے کا ذریعہ کبھی نہیں۔ کھیلنے سے پہلے بجٹ اور وقت کی حد طے کریں۔',
      'ممبر سینٹر میں آپ ڈپازٹ، نقصان اور شرط کی حدیں، ریئلٹی چیک، 1 سے 42 دن کا ٹائم آؤٹ یا 6 ماہ یا زیادہ کا خود اخراج مقرر کر سکتے ہیں۔ اگر جوا مزے کا نہ رہے تو کسٹمر سروس یا اپنے قریب کسی امدادی ادارے سے بات کریں۔',
    ],
    complaints: [
      'شکایات',
      'اگر کچھ غلط ہوا تو لائیو چیٹ میں کسٹمر سروس کو اپنا یوزر نیم اور، کسی راؤنڈ یا ادائیگی کے لیے، اس کا نمبر لکھیں۔ ہم 48 گھنٹوں میں جواب دیتے ہیں۔',
      'اگر جواب سے معاملہ حل نہ ہو تو کسی مینیجر سے نظرِ ثانی کی درخواست کریں۔ لائسنس یافتہ آپریٹر یہاں وہ آزاد ادارہ بھی بتاتا ہے جس سے آپ رجوع کر سکتے ہیں۔',
    ],
  }),
  'PT-BR': docs({
    terms: [
      'Termos de serviço',
      'Estes são os termos de demonstração de um site demo da Playhouse. Eles mostram onde um operador publica seus próprios termos; não são um contrato.',
      'Para jogar, você precisa ter 18 anos ou mais e ter apenas uma conta. Cada rodada é liquidada pelas regras publicadas do jogo e o resultado é final assim que exibido.',
    ],
    privacy: [
      'Aviso de privacidade',
      'Este site demo guarda o que você informa no cadastro (nome de usuário e qualquer telefone, e-mail ou documento de identidade que você adicionar), suas transações e rodadas, para operar sua conta e cumprir obrigações legais.',
      'Nada é vendido a ninguém. Peça ao atendimento uma cópia dos seus dados, ou a exclusão deles quando a lei permitir.',
    ],
    licence: [
      'Licença',
      'Este é um site de demonstração: não possui licença de jogo, e nenhum jogo a dinheiro real é oferecido sob este texto.',
      'Um operador licenciado informa aqui o seu regulador, o número da licença e um link para o registro público do regulador.',
    ],
    age: [
      'Somente 18+',
      'Jogos de apostas são só para adultos. Você precisa ter 18 anos ou mais, ou a idade maior que seu país exigir, para abrir uma conta ou jogar.',
      'Podemos pedir comprovação de idade a qualquer momento; contas de menores são encerradas e suas apostas devolvidas.',
    ],
    responsible: [
      'Jogo responsável',
      'Apostar deve ser diversão, nunca uma forma de ganhar dinheiro. Defina um orçamento e um limite de tempo antes de jogar.',
      'Na central do membro você pode definir limites de depósito, perda e aposta, um lembrete de tempo, uma pausa de 1 a 42 dias ou uma autoexclusão de 6 meses ou mais. Se apostar deixar de ser divertido, fale com o atendimento ou com uma organização de apoio perto de você.',
    ],
    complaints: [
      'Reclamações',
      'Se algo deu errado, escreva ao atendimento no chat ao vivo com seu nome de usuário e, no caso de uma rodada ou pagamento, o número dele. Respondemos em até 48 horas.',
      'Se a resposta não resolver, peça a revisão por um gerente. Um operador licenciado também indica aqui o órgão independente ao qual você pode recorrer.',
    ],
  }),
  ES: docs({
    terms: [
      'Términos del servicio',
      'Estos son los términos de demostración de un sitio demo de Playhouse. Muestran dónde publica un operador sus propios términos; no son un contrato.',
      'Para jugar debes tener 18 años o más y una sola cuenta. Cada ronda se liquida según las reglas publicadas del juego y su resultado es definitivo una vez mostrado.',
    ],
    privacy: [
      'Aviso de privacidad',
      'Este sitio demo guarda lo que indicas al registrarte (nombre de usuario y cualquier teléfono, correo o documento de identidad que añadas), tus transacciones y tus rondas, para gestionar tu cuenta y cumplir las obligaciones legales.',
      'No se vende nada a nadie. Pide a atención al cliente una copia de tus datos, o su eliminación cuando la ley lo permita.',
    ],
    licence: [
      'Licencia',
      'Este es un sitio de demostración: no tiene licencia de juego y no se ofrece ningún juego con dinero real bajo este texto.',
      'Un operador con licencia indica aquí su regulador, su número de licencia y un enlace al registro público del regulador.',
    ],
    age: [
      'Solo mayores de 18',
      'El juego es solo para adultos. Debes tener 18 años o más, o la edad superior que fije tu país, para abrir una cuenta o jugar.',
      'Podemos pedirte una prueba de edad en cualquier momento; las cuentas de menores se cierran y sus apuestas se devuelven.',
    ],
    responsible: [
      'Juego responsable',
      'El juego debe ser un entretenimiento, nunca una forma de ganar dinero. Fija un presupuesto y un límite de tiempo antes de jugar.',
      'En el centro de miembro puedes fijar límites de depósito, pérdida y apuesta, un recordatorio de tiempo, una pausa de 1 a 42 días o una autoexclusión de 6 meses o más. Si el juego deja de ser divertido, habla con atención al cliente o con una organización de ayuda cercana.',
    ],
    complaints: [
      'Reclamaciones',
      'Si algo salió mal, escribe a atención al cliente en el chat en vivo con tu nombre de usuario y, si se trata de una ronda o un pago, su número. Respondemos en 48 horas.',
      'Si la respuesta no lo resuelve, pide que la revise un responsable. Un operador con licencia indica aquí también el organismo independiente al que puedes acudir.',
    ],
  }),
  RU: docs({
    terms: [
      'Условия обслуживания',
      'Это демонстрационные условия демо-сайта Playhouse. Они показывают, где оператор публикует свои условия; это не договор.',
      'Чтобы играть, вам должно быть 18 лет или больше, и у вас может быть только один аккаунт. Каждый раунд рассчитывается по опубликованным правилам игры, и показанный результат окончателен.',
    ],
    privacy: [
      'Уведомление о конфиденциальности',
      'Этот демо-сайт хранит то, что вы указали при регистрации (имя пользователя, а также добавленные телефон, e-mail или документ), ваши операции и игровые раунды, чтобы вести ваш аккаунт и выполнять требования закона.',
      'Мы ничего никому не продаём. Попросите службу поддержки прислать копию ваших данных или удалить их, если закон это позволяет.',
    ],
    licence: [
      'Лицензия',
      'Это демонстрационный сайт: у него нет лицензии на азартные игры, и по этому тексту не предлагаются азартные игры на реальные деньги.',
      'Лицензированный оператор указывает здесь регулятора, номер лицензии и ссылку на публичный реестр регулятора.',
    ],
    age: [
      'Только 18+',
      'Азартные игры — только для взрослых. Чтобы открыть аккаунт или играть, вам должно быть 18 лет или больше (или больше, если так требует ваша страна).',
      'Мы можем в любой момент запросить подтверждение возраста; аккаунты несовершеннолетних закрываются, а их ставки возвращаются.',
    ],
    responsible: [
      'Ответственная игра',
      'Азартная игра должна быть развлечением, а не способом заработать. Установите бюджет и лимит времени до начала игры.',
      'В центре участника можно установить лимиты депозитов, проигрышей и ставок, напоминание о времени, перерыв от 1 до 42 дней или самоисключение на 6 месяцев и больше. Если игра перестала радовать, поговорите со службой поддержки или с организацией помощи рядом с вами.',
    ],
    complaints: [
      'Жалобы',
      'Если что-то пошло не так, напишите в службу поддержки в онлайн-чате, указав имя пользователя и, если речь о раунде или платеже, его номер. Мы отвечаем в течение 48 часов.',
      'Если ответ не решил вопрос, попросите пересмотра руководителем. Лицензированный оператор также указывает здесь независимый орган, в который можно обратиться.',
    ],
  }),
  TR: docs({
    terms: [
      'Hizmet koşulları',
      'Bunlar bir Playhouse demo sitesinin tanıtım amaçlı koşullarıdır. Bir operatörün kendi koşullarını nerede yayımladığını gösterir; sözleşme değildir.',
      'Oynamak için 18 yaşında veya daha büyük olmalı ve yalnızca bir hesabınız olmalıdır. Her tur, oyunun yayımlanmış kurallarına göre sonuçlanır ve gösterildiği anda sonucu kesindir.',
    ],
    privacy: [
      'Gizlilik bildirimi',
      'Bu demo site, kayıtta verdiklerinizi (kullanıcı adı ve eklediğiniz telefon, e-posta veya kimlik belgesi), işlemlerinizi ve oyun turlarınızı hesabınızı yürütmek ve yasal yükümlülükleri yerine getirmek için saklar.',
      'Hiçbir şey kimseye satılmaz. Verilerinizin bir kopyasını ya da yasanın izin verdiği yerde silinmesini müşteri hizmetlerinden isteyin.',
    ],
    licence: [
      'Lisans',
      'Bu bir tanıtım sitesidir: kumar lisansı yoktur ve bu metin altında gerçek parayla kumar sunulmaz.',
      'Lisanslı bir operatör burada düzenleyicisini, lisans numarasını ve düzenleyicinin kamu siciline bağlantıyı belirtir.',
    ],
    age: [
      'Yalnızca 18+',
      'Kumar yalnızca yetişkinler içindir. Hesap açmak veya oynamak için 18 yaşında ya da ülkenizin belirlediği daha yüksek yaşta olmalısınız.',
      'Her zaman yaş kanıtı isteyebiliriz; reşit olmayanların hesapları kapatılır ve bahisleri iade edilir.',
    ],
    responsible: [
      'Sorumlu oyun',
      'Kumar bir eğlence olmalı, asla para kazanma yolu değil. Oynamadan önce bir bütçe ve süre sınırı belirleyin.',
      'Üye merkezinde yatırım, kayıp ve bahis limitleri, süre hatırlatıcısı, 1 ile 42 gün arası mola veya 6 ay ya da daha uzun kendini dışlama ayarlayabilirsiniz. Kumar artık eğlenceli değilse müşteri hizmetleriyle ya da yakınınızdaki bir destek kuruluşuyla konuşun.',
    ],
    complaints: [
      'Şikâyetler',
      'Bir sorun olduysa canlı sohbetten müşteri hizmetlerine kullanıcı adınızla ve bir tur ya da ödeme için numarasıyla yazın. 48 saat içinde yanıt veririz.',
      'Yanıt sorunu çözmezse bir yöneticinin incelemesini isteyin. Lisanslı bir operatör başvurabileceğiniz bağımsız kuruluşu da burada belirtir.',
    ],
  }),
  FR: docs({
    terms: [
      'Conditions d’utilisation',
      'Voici les conditions de démonstration d’un site de démonstration Playhouse. Elles montrent où un opérateur publie ses propres conditions ; ce n’est pas un contrat.',
      'Pour jouer, vous devez avoir 18 ans ou plus et ne détenir qu’un seul compte. Chaque manche est réglée selon les règles publiées du jeu et son résultat est définitif dès qu’il est affiché.',
    ],
    privacy: [
      'Avis de confidentialité',
      'Ce site de démonstration conserve ce que vous indiquez à l’inscription (nom d’utilisateur, et tout téléphone, e-mail ou pièce d’identité ajoutés), vos transactions et vos manches, pour gérer votre compte et remplir ses obligations légales.',
      'Rien n’est vendu à personne. Demandez au service client une copie de vos données, ou leur suppression lorsque la loi le permet.',
    ],
    licence: [
      'Licence',
      'Ceci est un site de démonstration : il ne détient aucune licence de jeu, et aucun jeu d’argent réel n’est proposé sous ce texte.',
      'Un opérateur agréé indique ici son autorité de régulation, son numéro de licence et un lien vers le registre public de cette autorité.',
    ],
    age: [
      'Réservé aux 18 ans et plus',
      'Les jeux d’argent sont réservés aux adultes. Vous devez avoir 18 ans ou plus, ou l’âge plus élevé fixé par votre pays, pour ouvrir un compte ou jouer.',
      'Nous pouvons demander une preuve d’âge à tout moment ; les comptes de mineurs sont fermés et leurs mises remboursées.',
    ],
    responsible: [
      'Jeu responsable',
      'Le jeu doit rester un divertissement, jamais un moyen de gagner de l’argent. Fixez-vous un budget et une limite de temps avant de jouer.',
      'Dans l’espace membre, vous pouvez fixer des limites de dépôt, de perte et de mise, un rappel de temps de jeu, une pause de 1 à 42 jours ou une auto-exclusion de 6 mois ou plus. Si le jeu cesse d’être un plaisir, parlez-en au service client ou à une association d’aide près de chez vous.',
    ],
    complaints: [
      'Réclamations',
      'En cas de problème, écrivez au service client par le chat en direct avec votre nom d’utilisateur et, pour une manche ou un paiement, son numéro. Nous répondons sous 48 heures.',
      'Si la réponse ne règle pas le problème, demandez un réexamen par un responsable. Un opérateur agréé indique aussi ici l’organisme indépendant que vous pouvez saisir.',
    ],
  }),
};
